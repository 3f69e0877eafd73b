/** Where a service reads the time: milliseconds since the epoch, like `Date.now` (tests inject theirs). */
export type Clock = () => number;

/**
 * ISO-8601 timestamps from `clock`, strictly increasing from one call to the next, so notes
 * created in the same millisecond still sort in the order they were made.
 */
export function timestamps(clock: Clock = Date.now): () => string {
  let last = 0;
  return () => {
    const t = Math.max(clock(), last + 1);
    last = t;
    return new Date(t).toISOString();
  };
}

/** The current time as an ISO-8601 string, strictly increasing within this process. */
export const now = timestamps();
