import { DateTime, IANAZone } from 'luxon';

import type { RepeatName } from '../../store';

/** Whether `zone` is an IANA time zone name Luxon (the platform's Intl) knows. */
export const isTimeZone = (zone: string): boolean => IANAZone.isValidZone(zone);

/** `at`'s wall clock in `zone`, without offset: what a repeat keeps. */
export function anchorOf(at: string, zone: string): string {
  return DateTime.fromISO(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");
}

const units = {
  daily: 'days',
  weekly: 'weeks',
  monthly: 'months',
  yearly: 'years',
} as const;

/**
 * The `n`th repeat of the anchor's wall clock in `zone` (the 0th is the anchor). Counted from
 * the anchor, never from the previous time, so the 31st stays the 31st after a short month (Jan
 * 31 → Feb 28 → Mar 31) and 08:00 stays 08:00 across daylight saving.
 */
function occurrence(
  anchor: string,
  zone: string,
  repeat: Exclude<RepeatName, 'none'>,
  n: number,
): DateTime {
  return DateTime.fromISO(anchor, { zone }).plus({ [units[repeat]]: n });
}

/**
 * The first time of a repeating reminder after both `after` and `previous` (ISO instants):
 * after a long downtime the next FUTURE time, not each one missed. Null for a one-off.
 */
export function nextTime(
  reminder: { anchor: string; timeZone: string; repeat: RepeatName },
  previous: string,
  after: string,
): string | null {
  const { anchor, timeZone, repeat } = reminder;
  if (repeat === 'none') return null;
  const floor = Math.max(Date.parse(previous), Date.parse(after));
  const start = DateTime.fromISO(anchor, { zone: timeZone });
  // Close to the answer in one step, then forward one by one.
  const elapsed = DateTime.fromMillis(floor, { zone: timeZone }).diff(start, units[repeat]);
  let n = Math.max(1, Math.floor(elapsed.as(units[repeat])) - 1);
  for (;;) {
    const t = occurrence(anchor, timeZone, repeat, n);
    if (t.toMillis() > floor) return t.toUTC().toISO();
    n += 1;
  }
}
