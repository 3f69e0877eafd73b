/**
 * How much one import may hold. A file past any of these is refused whole (400) before anything
 * is stored, and nothing larger than these is ever held in memory: the upload (at most IMPORT_MAX_MB)
 * goes to a temporary file, the zip is read one entry at a time, and only note files (.json, .md) are inflated.
 */
export const importLimits = {
  /** A JSON body (a Jotter export) is parsed whole, so it has its own, smaller cap. */
  jsonBytes: 64 * 1024 * 1024,
  /** Entries in a zip, directories and attachments included (a Takeout holds two per note). */
  entries: 60_000,
  /** One note file inside a zip, inflated (a note's content is at most 1 MB). */
  entryBytes: 4 * 1024 * 1024,
  /** A Jotter export inside a zip, inflated. */
  exportEntryBytes: 64 * 1024 * 1024,
  /** All note files of a zip together, inflated. */
  totalBytes: 512 * 1024 * 1024,
  /** Notes in one import. */
  notes: 25_000,
  /** Skipped files listed one by one in the answer; the rest are counted. */
  skippedListed: 1000,
  /** Imports running at once on one server (each holds its parsed notes until it commits). */
  concurrent: 2,
} as const;

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
