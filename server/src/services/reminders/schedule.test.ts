import { DateTime } from 'luxon';

import { anchorOf, isTimeZone, nextTime } from './schedule';

/** The times a repeating reminder first set for `first` (wall clock in `zone`) fires, n of them. */
function series(
  first: string,
  zone: string,
  repeat: 'daily' | 'weekly' | 'monthly' | 'yearly',
  n: number,
) {
  const at = DateTime.fromISO(first, { zone }).toUTC().toISO() as string;
  const reminder = { anchor: anchorOf(at, zone), timeZone: zone, repeat };
  const times = [at];
  for (let i = 1; i < n; i += 1) {
    const previous = times[i - 1] as string;
    times.push(nextTime(reminder, previous, previous) as string);
  }
  return times.map((t) => DateTime.fromISO(t, { zone }));
}

describe('repeats keep their wall-clock time in their zone', () => {
  it.each([
    // Each crosses a daylight-saving change within the week.
    ['Europe/Berlin', '2026-03-25T08:00'],
    ['Europe/Berlin', '2026-10-22T08:00'],
    ['America/New_York', '2026-03-05T08:00'],
    ['America/New_York', '2026-10-29T08:00'],
    ['Australia/Sydney', '2026-04-01T08:00'],
    ['Australia/Sydney', '2026-10-01T08:00'],
  ])('DAILY at 08:00 %s from %s stays 08:00 across the change', (zone, first) => {
    const times = series(first, zone, 'daily', 10);
    expect(times.map((t) => t.toFormat('HH:mm'))).toEqual(Array(10).fill('08:00'));
    // The change happened: not every day is 24 hours apart in UTC.
    const gaps = times.slice(1).map((t, i) => t.toMillis() - times[i]!.toMillis());
    expect(new Set(gaps).size).toBeGreaterThan(1);
    for (let i = 1; i < times.length; i += 1) {
      expect(times[i]!.diff(times[i - 1]!, 'days').days).toBe(1);
    }
  });

  it('WEEKLY keeps the weekday and the hour across daylight saving', () => {
    const times = series('2026-03-20T07:30', 'Europe/Berlin', 'weekly', 4);
    expect(times.map((t) => t.toFormat('ccc HH:mm'))).toEqual(Array(4).fill('Fri 07:30'));
  });

  it('MONTHLY on the 31st clamps to short months and comes back to the 31st', () => {
    const times = series('2026-01-31T09:00', 'America/New_York', 'monthly', 5);
    expect(times.map((t) => t.toFormat('yyyy-MM-dd HH:mm'))).toEqual([
      '2026-01-31 09:00',
      '2026-02-28 09:00',
      '2026-03-31 09:00',
      '2026-04-30 09:00',
      '2026-05-31 09:00',
    ]);
  });

  it('YEARLY on 29 February falls on the 28th in common years and the 29th in leap years', () => {
    const times = series('2028-02-29T12:00', 'UTC', 'yearly', 5);
    expect(times.map((t) => t.toFormat('yyyy-MM-dd'))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });
});

describe('after a downtime', () => {
  it('a daily reminder moves to its next FUTURE time, not the next missed one', () => {
    const zone = 'Europe/Berlin';
    const at = DateTime.fromISO('2026-01-01T08:00', { zone }).toUTC().toISO() as string;
    const reminder = { anchor: anchorOf(at, zone), timeZone: zone, repeat: 'daily' as const };
    const now = DateTime.fromISO('2026-07-14T10:00', { zone }).toUTC().toISO() as string;
    const next = DateTime.fromISO(nextTime(reminder, at, now) as string, { zone });
    expect(next.toFormat('yyyy-MM-dd HH:mm')).toBe('2026-07-15 08:00');
  });

  it('a monthly one on the 31st skips to the next future month, still the 31st where there is one', () => {
    const zone = 'UTC';
    const at = '2025-01-31T09:00:00.000Z';
    const reminder = { anchor: anchorOf(at, zone), timeZone: zone, repeat: 'monthly' as const };
    expect(nextTime(reminder, at, '2026-07-01T00:00:00.000Z')).toBe('2026-07-31T09:00:00.000Z');
    expect(nextTime(reminder, at, '2026-06-01T00:00:00.000Z')).toBe('2026-06-30T09:00:00.000Z');
  });

  it('a one-off has no next time', () => {
    const at = '2026-01-01T08:00:00.000Z';
    expect(
      nextTime({ anchor: anchorOf(at, 'UTC'), timeZone: 'UTC', repeat: 'none' }, at, at),
    ).toBeNull();
  });
});

it('knows IANA zones from anything else', () => {
  expect(isTimeZone('Europe/Berlin')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
  expect(isTimeZone('+01:00')).toBe(false);
});
