/** The reader's locale's date and time, as `toLocaleString()` writes them, made once. */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

const format = () =>
  (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** An ISO time in the reader's locale; a string that is no time is shown as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format().format(date);
}

/**
 * Makes the format in a task of its own, soon. A page's first use of `Intl` loads the browser's
 * locale data (about 15 ms on a fast machine, whatever the API): asked for while a list's first
 * page is on its way, it is not paid inside the render that draws the first cards.
 */
export function prepareDateTimeFormat(): void {
  if (!dateTimeFormat) setTimeout(format, 0);
}
