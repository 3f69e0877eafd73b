const dayMs = 86_400_000;

/**
 * Whole days left before a note trashed at `trashedAt` is deleted, with `retentionDays` of
 * retention, at `now`; undefined when the trash is kept forever (0) or the time is unknown.
 * Never below 0: a note past its time goes at the server's next round.
 */
export function daysLeft(
  trashedAt: string | null | undefined,
  retentionDays: number | undefined,
  now: number,
): number | undefined {
  if (!trashedAt || !retentionDays) return undefined;
  const trashed = Date.parse(trashedAt);
  if (Number.isNaN(trashed)) return undefined;
  return Math.max(0, Math.ceil((trashed + retentionDays * dayMs - now) / dayMs));
}

/** A trash card's line: "Deleted in 12 days", "Deleted in 1 day", "Deleted today". */
export function deletedInText(days: number): string {
  if (days <= 0) return 'Deleted today';
  return `Deleted in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The trash page's line, or nothing when the trash is kept forever. */
export function retentionText(retentionDays: number | undefined): string | undefined {
  if (!retentionDays) return undefined;
  return `Notes in the trash are deleted after ${retentionDays} ${retentionDays === 1 ? 'day' : 'days'}.`;
}
