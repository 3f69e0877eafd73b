/**
 * The times a reminder menu offers, as Keep offers them, in the user's time zone: "Later today"
 * (18:00 before 17:00, 20:00 before 19:00, not offered later in the evening), "Tomorrow" 08:00
 * and "Next week" (the coming Monday, 08:00). Every computation takes the time zone (IANA) and
 * the moment it starts from, so the tests can ask for any zone and day; the zone's offsets come
 * from the browser's `Intl`, never from a table of our own.
 */

/** A wall-clock time in some time zone (month 1–12; weekday 0 = Sunday). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

/** The user's time zone as the browser knows it (IANA), sent with every reminder set. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock time at `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(new Date(ms), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant at which `timeZone`'s clocks show the given date and time. A time the clocks skip
 * (the hour lost to daylight saving) comes out an hour later, as clocks would show it.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return new Date(second);
}

/** The calendar date `days` after the given one. */
export function addDays(
  date: { year: number; month: number; day: number },
  days: number,
): { year: number; month: number; day: number } {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

export type QuickPickId = 'later-today' | 'tomorrow' | 'next-week';

export interface QuickPick {
  id: QuickPickId;
  label: string;
  at: Date;
}

/**
 * Keep's quick picks at `now` in `timeZone`. "Later today" is left out in the evening (from
 * 19:00), when there is no later today worth the name.
 */
export function quickPicks(now: Date, timeZone: string): QuickPick[] {
  const today = wallClock(now, timeZone);
  const picks: QuickPick[] = [];
  const laterHour = today.hour < 17 ? 18 : today.hour < 19 ? 20 : null;
  if (laterHour !== null) {
    picks.push({
      id: 'later-today',
      label: 'Later today',
      at: zonedInstant(today, laterHour, 0, timeZone),
    });
  }
  picks.push({
    id: 'tomorrow',
    label: 'Tomorrow',
    at: zonedInstant(addDays(today, 1), 8, 0, timeZone),
  });
  // The coming Monday: a Monday's "next week" is the Monday after.
  const untilMonday = (8 - today.weekday) % 7 || 7;
  picks.push({
    id: 'next-week',
    label: 'Next week',
    at: zonedInstant(addDays(today, untilMonday), 8, 0, timeZone),
  });
  return picks;
}

/** The wall-clock time `at` in a given zone, as a date field's and a time field's values. */
export function fieldValues(at: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClock(at, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return {
    date: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/** The instant of a date field's and a time field's values in a zone; null when either is not valid. */
export function fromFields(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return zonedInstant({ year, month, day }, hour, minute, timeZone);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const id = `${key} ${timeZone}`;
  let made = timeFormats.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    timeFormats.set(id, made);
  }
  return made;
}

/**
 * A reminder's time as its chip says it, in the user's locale and zone: "Today, 18:00",
 * "Tomorrow, 08:00", "Yesterday, 20:00", otherwise the date ("Mon, Dec 7, 08:00"; with the year
 * when it is not this year's).
 */
export function reminderLabel(at: Date, now: Date, timeZone: string): string {
  const time = format('time', timeZone, { hour: 'numeric', minute: '2-digit' }).format(at);
  const day = wallClock(at, timeZone);
  const today = wallClock(now, timeZone);
  const same = (a: { year: number; month: number; day: number }) =>
    a.year === day.year && a.month === day.month && a.day === day.day;
  if (same(today)) return `Today, ${time}`;
  if (same(addDays(today, 1))) return `Tomorrow, ${time}`;
  if (same(addDays(today, -1))) return `Yesterday, ${time}`;
  const date =
    day.year === today.year
      ? format('date', timeZone, { weekday: 'short', month: 'short', day: 'numeric' })
      : format('dateYear', timeZone, { month: 'short', day: 'numeric', year: 'numeric' });
  return `${date.format(at)}, ${time}`;
}

/** A quick pick's time beside its name in the menu ("18:00", "Mon 08:00"). */
export function pickTimeLabel(pick: QuickPick, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    pick.id === 'next-week'
      ? { weekday: 'short', hour: 'numeric', minute: '2-digit' }
      : { hour: 'numeric', minute: '2-digit' };
  return format(`pick-${pick.id}`, timeZone, options).format(pick.at);
}
