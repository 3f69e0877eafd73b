import { useTrashRetentionDays } from '../api/settings';
import { daysLeft, deletedInText, retentionText } from './trash-retention';

/** The trash page's line saying how long notes stay; nothing when the server keeps them forever. */
export function TrashRetentionNotice() {
  const text = retentionText(useTrashRetentionDays());
  return text ? <p className="trash-retention">{text}</p> : null;
}

/** A trash card's "Deleted in N days"; nothing when the trash is kept forever. */
export function TrashCountdown({ trashedAt }: { trashedAt: string | null }) {
  const days = daysLeft(trashedAt, useTrashRetentionDays(), Date.now());
  return days === undefined ? null : <p className="note-card__countdown">{deletedInText(days)}</p>;
}
