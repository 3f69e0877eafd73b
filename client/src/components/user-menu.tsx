import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogOut, User } from 'lucide-react';
import { useDismiss } from '../hooks/use-dismiss';

/** Uppercase initials of a first and last name ("ada", "lovelace" → "AL"). */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

interface UserMenuProps {
  firstName: string;
  lastName: string;
  onLogout: () => void;
  /** More items, after Profile (the admin's link); a click on one closes the menu. */
  extraItems?: ReactNode;
}

/** Avatar with the user's initials opening a Profile / Logout dropdown. */
export function UserMenu({ firstName, lastName, onLogout, extraItems }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {/* The name comes from the hidden text: an aria-label would not contain the visible
            initials (WCAG 2.5.3, label in name). */}
        <span aria-hidden>{initials(firstName, lastName)}</span>
        <span className="visually-hidden">{`Account menu for ${firstName} ${lastName}`}</span>
      </button>
      {open && (
        <div className="dropdown" role="menu">
          <Link to="/profile" role="menuitem" className="dropdown__item" onClick={close}>
            <User size={16} aria-hidden /> Profile
          </Link>
          {extraItems && (
            <div role="none" className="dropdown__group" onClick={close}>
              {extraItems}
            </div>
          )}
          <button
            type="button"
            role="menuitem"
            className="dropdown__item"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <LogOut size={16} aria-hidden /> Logout
          </button>
        </div>
      )}
    </div>
  );
}
