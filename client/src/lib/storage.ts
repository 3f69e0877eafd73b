import { forgetAttachments } from './attachment-cache';

/** The signed-in user as the client keeps it (never a password). */
export interface StoredUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

/** Auth state saved in localStorage under `token`, `user` and `isAuth`. */
export interface StoredAuth {
  token: string;
  user: StoredUser | null;
  isAuth: boolean;
}

export type Theme = 'light' | 'dark';

const EMPTY_AUTH: StoredAuth = { token: '', user: null, isAuth: false };

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Reads the saved auth state; a missing or damaged entry reads as signed out. */
export function readAuth(): StoredAuth {
  const token = localStorage.getItem('token') ?? '';
  const user = parseUser(localStorage.getItem('user'));
  const isAuth = localStorage.getItem('isAuth') === 'true' && token !== '' && user !== null;
  return isAuth ? { token, user, isAuth } : EMPTY_AUTH;
}

/** Saves a fresh sign-in. */
export function writeAuth(token: string, user: StoredUser): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('isAuth', 'true');
}

/**
 * Where the page the user last left is kept (lib/saved-screen.ts; inline/saved-screen.js reads
 * it under the same name).
 */
export const SAVED_SCREEN_KEY = 'savedScreen';

/** Forgets the sign-in, the copy of the page it saw and the attachments it was shown. */
export function clearAuth(): void {
  localStorage.removeItem('token');
  localStorage.removeItem('user');
  localStorage.removeItem('isAuth');
  localStorage.removeItem(SAVED_SCREEN_KEY);
  void forgetAttachments();
}

/** The stored token, or an empty string when signed out. */
export function readToken(): string {
  return localStorage.getItem('token') ?? '';
}

/** The saved theme; dark when nothing (or nonsense) is stored. */
export function readTheme(): Theme {
  return localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
}

/** Saves the theme choice. */
export function writeTheme(theme: Theme): void {
  localStorage.setItem('theme', theme);
}
