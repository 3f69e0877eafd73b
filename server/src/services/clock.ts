let last = 0;

/**
 * The current time as an ISO-8601 string, strictly increasing within this process, so notes
 * created in the same millisecond still sort in the order they were made.
 */
export function now(): string {
  const t = Math.max(Date.now(), last + 1);
  last = t;
  return new Date(t).toISOString();
}
