import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Menu } from 'lucide-react';
import { ConnectionBadge } from './connection-badge';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

interface TopBarProps {
  user: { firstName: string; lastName: string } | null;
  themeToggle: ReactNode;
  onLogout: () => void;
  onOpenMenu: () => void;
  /** Changes made here that the server does not have yet. */
  waitingChanges?: number;
  /** More items for the account menu (the admin's link). */
  accountItems?: ReactNode;
}

/** The header: hamburger (phones), logo, theme toggle, and Login button or avatar menu. */
export function TopBar({
  user,
  themeToggle,
  onLogout,
  onOpenMenu,
  waitingChanges = 0,
  accountItems,
}: TopBarProps) {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button top-bar__menu"
        aria-label="Open menu"
        onClick={onOpenMenu}
      >
        <Menu size={22} aria-hidden />
      </button>
      <Logo />
      <div className="top-bar__actions">
        {user && <ConnectionBadge waiting={waitingChanges} />}
        {themeToggle}
        {user ? (
          <UserMenu
            firstName={user.firstName}
            lastName={user.lastName}
            onLogout={onLogout}
            extraItems={accountItems}
          />
        ) : (
          <Link to="/login" className="button button--primary">
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
