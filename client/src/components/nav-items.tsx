import { Archive, Bell, Home, Trash2, User } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/** A destination of the sidebar and side menu. */
export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Home, Reminders, Archive, Trash and Profile, in menu order. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/reminders', label: 'Reminders', icon: Bell },
  { to: '/archive', label: 'Archive', icon: Archive },
  { to: '/trash', label: 'Trash', icon: Trash2 },
  { to: '/profile', label: 'Profile', icon: User },
];
