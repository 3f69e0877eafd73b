import type { Theme } from '../../lib/storage';

/** Puts the theme class (and colour scheme) on the root element. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}
