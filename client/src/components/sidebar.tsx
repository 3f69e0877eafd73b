import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { NAV_ITEMS } from './nav-items';

/** The desktop sidebar: Home, Archive, Trash, Profile, an Add Note button, then `children`. */
export function Sidebar({ onAddNote, children }: { onAddNote: () => void; children?: ReactNode }) {
  return (
    <nav className="sidebar" aria-label="Main">
      {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} className="nav-link">
          <Icon size={20} aria-hidden />
          <span>{label}</span>
        </NavLink>
      ))}
      <button type="button" className="button button--primary sidebar__add" onClick={onAddNote}>
        <Plus size={18} aria-hidden /> Add Note
      </button>
      {children}
    </nav>
  );
}
