import type * as DateTime from './date-time';

describe('date-time', () => {
  // A fresh module each time: the format is made once per page.
  const load = (): Promise<typeof DateTime> => {
    jest.resetModules();
    return import('./date-time');
  };

  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('writes a time as the reader’s locale writes it', async () => {
    const { formatDateTime } = await load();
    const iso = '2026-03-04T05:06:07.000Z';
    expect(formatDateTime(iso)).toBe(new Date(iso).toLocaleString());
  });

  it('shows a string that is no time as it is', async () => {
    const { formatDateTime } = await load();
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('makes the format in a later task when asked to prepare it, and only once', async () => {
    const { formatDateTime, prepareDateTimeFormat } = await load();
    jest.useFakeTimers();
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    prepareDateTimeFormat();
    expect(made).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
    prepareDateTimeFormat();
    formatDateTime('2026-03-04T05:06:07.000Z');
    jest.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
  });
});
