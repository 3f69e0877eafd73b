import {
  fieldValues,
  fromFields,
  quickPicks,
  reminderLabel,
  wallClock,
  zonedInstant,
} from './reminder-times';

/** The quick picks at `now` in `zone`, as ISO instants by their ids. */
const picks = (now: string, zone: string) =>
  Object.fromEntries(quickPicks(new Date(now), zone).map((p) => [p.id, p.at.toISOString()]));

describe('reminder quick picks', () => {
  it('offers 18:00 later today, tomorrow 08:00 and Monday 08:00 on a Berlin morning', () => {
    // Saturday 28 November 2026, 10:00 in Berlin (UTC+1).
    expect(picks('2026-11-28T09:00:00Z', 'Europe/Berlin')).toEqual({
      'later-today': '2026-11-28T17:00:00.000Z',
      tomorrow: '2026-11-29T07:00:00.000Z',
      'next-week': '2026-11-30T07:00:00.000Z',
    });
  });

  it('offers 20:00 later today after 17:00, and nothing later today from 19:00', () => {
    expect(picks('2026-11-28T16:30:00Z', 'Europe/Berlin')['later-today']).toBe(
      '2026-11-28T19:00:00.000Z',
    );
    // 22:00 in New York is already the next day in UTC: tomorrow is still New York's tomorrow.
    expect(picks('2026-11-29T03:00:00Z', 'America/New_York')).toEqual({
      tomorrow: '2026-11-29T13:00:00.000Z',
      'next-week': '2026-11-30T13:00:00.000Z',
    });
  });

  it("takes a Monday's next week to be the Monday after", () => {
    // Monday 30 November 2026, 09:00 in Berlin.
    expect(picks('2026-11-30T08:00:00Z', 'Europe/Berlin')['next-week']).toBe(
      '2026-12-07T07:00:00.000Z',
    );
  });

  it('keeps 08:00 on the wall clock across the change to summer time', () => {
    // Saturday 28 March 2026, noon in Berlin (UTC+1); the clocks go forward that night.
    expect(picks('2026-03-28T11:00:00Z', 'Europe/Berlin')).toEqual({
      'later-today': '2026-03-28T17:00:00.000Z',
      tomorrow: '2026-03-29T06:00:00.000Z',
      'next-week': '2026-03-30T06:00:00.000Z',
    });
    // Saturday 7 March 2026, 09:00 in New York (EST); summer time starts on the 8th.
    expect(picks('2026-03-07T14:00:00Z', 'America/New_York').tomorrow).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('keeps 08:00 on the wall clock across the end of summer time in Sydney', () => {
    // Saturday 4 April 2026, 10:00 in Sydney (AEDT, UTC+11); summer time ends on the 5th.
    expect(picks('2026-04-03T23:00:00Z', 'Australia/Sydney')).toEqual({
      'later-today': '2026-04-04T07:00:00.000Z',
      tomorrow: '2026-04-04T22:00:00.000Z',
      'next-week': '2026-04-05T22:00:00.000Z',
    });
  });

  it('reads and writes the date and time fields in the zone', () => {
    const at = new Date('2026-07-01T06:30:00Z');
    expect(fieldValues(at, 'Europe/Berlin')).toEqual({ date: '2026-07-01', time: '08:30' });
    expect(fromFields('2026-07-01', '08:30', 'Europe/Berlin')?.toISOString()).toBe(
      at.toISOString(),
    );
    expect(fromFields('2026-07-01', '', 'Europe/Berlin')).toBeNull();
    expect(fromFields('2026-13-01', '08:30', 'Europe/Berlin')).toBeNull();
  });

  it('turns an hour the clocks skip into the hour after', () => {
    // 02:30 on 29 March 2026 does not exist in Berlin: the clocks show 03:30 then.
    const at = zonedInstant({ year: 2026, month: 3, day: 29 }, 2, 30, 'Europe/Berlin');
    expect(wallClock(at, 'Europe/Berlin')).toMatchObject({ hour: 3, minute: 30 });
  });
});

describe('reminderLabel', () => {
  const now = new Date('2026-11-28T09:00:00Z');
  const time = (iso: string) =>
    new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    }).format(new Date(iso));

  it('names today, tomorrow and yesterday, with the time in the locale', () => {
    const zone = 'Europe/Berlin';
    expect(reminderLabel(new Date('2026-11-28T17:00:00Z'), now, zone)).toBe(
      `Today, ${time('2026-11-28T17:00:00Z')}`,
    );
    expect(reminderLabel(new Date('2026-11-29T07:00:00Z'), now, zone)).toBe(
      `Tomorrow, ${time('2026-11-29T07:00:00Z')}`,
    );
    expect(reminderLabel(new Date('2026-11-27T19:00:00Z'), now, zone)).toBe(
      `Yesterday, ${time('2026-11-27T19:00:00Z')}`,
    );
  });

  it('names the day by the zone, not by UTC', () => {
    // 23:30 UTC on the 28th is already the 29th in Berlin: tomorrow there.
    expect(reminderLabel(new Date('2026-11-28T23:30:00Z'), now, 'Europe/Berlin')).toMatch(
      /^Tomorrow, /,
    );
  });

  it('gives other days their date, with the year when it is another', () => {
    const label = reminderLabel(new Date('2027-02-03T07:00:00Z'), now, 'Europe/Berlin');
    expect(label).toMatch(/2027/);
    expect(label).not.toMatch(/^(Today|Tomorrow|Yesterday)/);
  });
});
