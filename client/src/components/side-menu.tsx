import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogIn, LogOut, UserPlus, X } from 'lucide-react';
import { NAV_ITEMS } from './nav-items';

interface SideMenuProps {
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
  onLogout: () => void;
  /** Shown after the pages (the labels, when signed in). */
  children?: ReactNode;
}

/**
 * The phone menu behind the hamburger. Signed in: the pages, the labels, Logout and Close.
 * Signed out, only what a signed-out user can open: Login, Sign Up and Close (issue 38: the
 * pages that need a sign-in are not offered).
 */
export function SideMenu({ open, signedIn, onClose, onLogout, children }: SideMenuProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const items = signedIn ? NAV_ITEMS : [];

  return (
    <div className="side-menu-backdrop" onClick={onClose}>
      <nav className="side-menu" aria-label="Menu" onClick={(event) => event.stopPropagation()}>
        {items.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className="nav-link" onClick={onClose}>
            <Icon size={20} aria-hidden />
            <span>{label}</span>
          </NavLink>
        ))}
        {children}
        {signedIn ? (
          <button
            type="button"
            className="nav-link"
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            <LogOut size={20} aria-hidden />
            <span>Logout</span>
          </button>
        ) : (
          <>
            <Link to="/login" className="nav-link" onClick={onClose}>
              <LogIn size={20} aria-hidden />
              <span>Login</span>
            </Link>
            <Link to="/signup" className="nav-link" onClick={onClose}>
              <UserPlus size={20} aria-hidden />
              <span>Sign Up</span>
            </Link>
          </>
        )}
        <button ref={closeRef} type="button" className="nav-link" onClick={onClose}>
          <X size={20} aria-hidden />
          <span>Close</span>
        </button>
      </nav>
    </div>
  );
}
