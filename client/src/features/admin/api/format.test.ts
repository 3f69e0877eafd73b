import { formatBytes, formatWhen } from './format';

it('shows sizes as people read them', () => {
  expect(formatBytes(0)).toBe('0 B');
  expect(formatBytes(812)).toBe('812 B');
  expect(formatBytes(1400)).toBe('1.4 kB');
  expect(formatBytes(23_456_789)).toBe('23 MB');
  expect(formatBytes(999_999)).toBe('1 MB');
  expect(formatBytes(5e15)).toBe('5000 TB');
});

it('says Never for no sign-in, the time for today and the day otherwise', () => {
  const now = new Date(2026, 10, 28, 15, 0);
  expect(formatWhen(null, now)).toBe('Never');
  expect(formatWhen(new Date(2026, 10, 28, 9, 5).toISOString(), now)).toMatch(/^Today .*0?9.05/);
  expect(formatWhen(new Date(2026, 0, 3).toISOString(), now)).toMatch(/2026/);
});
