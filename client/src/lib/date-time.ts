/**
 * A writer of ISO times in the reader's locale with `options`. Its `Intl.DateTimeFormat` is made
 * once, on first use or when `prepare` asks for it; a string that is no time is shown as it is.
 */
function localTime(options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | undefined;
  const make = () => (made ??= new Intl.DateTimeFormat(undefined, options));
  return {
    format: (iso: string): string => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : make().format(date);
    },
    /**
     * Makes the format in a task of its own, soon. A page's first use of `Intl` loads the
     * browser's locale data (about 15 ms on a fast machine, whatever the API): asked for while a
     * list's first page is on its way, it is not paid inside the render that draws the first
     * cards.
     */
    prepare: (): void => {
      if (!made) setTimeout(make, 0);
    },
  };
}

/** A card's date and time, as `toLocaleString()` writes them. */
const cardTime = localTime({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export const formatDateTime = cardTime.format;
export const prepareDateTimeFormat = cardTime.prepare;

/** A date and time with the month's name ("Nov 27, 2026, 5:06:07 AM"): the note's history. */
export const formatLongDateTime = localTime({ dateStyle: 'medium', timeStyle: 'medium' }).format;
