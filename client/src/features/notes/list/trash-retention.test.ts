import { daysLeft, deletedInText, retentionText } from './trash-retention';

const day = 86_400_000;
const trashedAt = '2030-01-01T12:00:00.000Z';
const at = (days: number) => Date.parse(trashedAt) + days * day;

describe('daysLeft', () => {
  it('counts whole days to the deletion, rounding up', () => {
    expect(daysLeft(trashedAt, 30, at(0))).toBe(30);
    expect(daysLeft(trashedAt, 30, at(0.5))).toBe(30);
    expect(daysLeft(trashedAt, 30, at(29.1))).toBe(1);
    expect(daysLeft(trashedAt, 30, at(31))).toBe(0);
  });

  it('has nothing to say when the trash is kept forever or the time is unknown', () => {
    expect(daysLeft(trashedAt, 0, at(1))).toBeUndefined();
    expect(daysLeft(trashedAt, undefined, at(1))).toBeUndefined();
    expect(daysLeft(null, 30, at(1))).toBeUndefined();
    expect(daysLeft('not a time', 30, at(1))).toBeUndefined();
  });
});

describe('texts', () => {
  it('say the days in words', () => {
    expect(deletedInText(12)).toBe('Deleted in 12 days');
    expect(deletedInText(1)).toBe('Deleted in 1 day');
    expect(deletedInText(0)).toBe('Deleted today');
    expect(retentionText(30)).toBe('Notes in the trash are deleted after 30 days.');
    expect(retentionText(0)).toBeUndefined();
  });
});
