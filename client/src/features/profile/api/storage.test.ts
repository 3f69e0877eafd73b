import { formatBytes } from './storage';

describe('formatBytes', () => {
  it('says bytes below a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(900)).toBe('900 bytes');
  });

  it('uses units of 1024 with one decimal, none when it is whole', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.3 TB');
  });

  it('rounds up into the next unit rather than saying 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
});
