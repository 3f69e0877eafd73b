const units = ['B', 'kB', 'MB', 'GB', 'TB'];

/** A size in bytes as people read it: "0 B", "812 B", "1.4 kB", "23 MB" (powers of 1000). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.round(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** When something happened, or "Never": the day, and the time when it was today. */
export function formatWhen(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) {
    return `Today ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
  }
  return at.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A user's name as the list shows it. */
export const fullName = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();
