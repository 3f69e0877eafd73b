/**
 * Search forgives case (DESIGN.md, "Deliberate departures"): a note is found by a query that
 * differs from its text only in letter case, on SQLite and PostgreSQL alike. Neither engine folds
 * case the way JavaScript does (SQLite's lower() is ASCII only; PostgreSQL's follows the
 * database's collation), so the store keeps each note's title and plain text folded by
 * {@link foldCase} in two columns of its own, written with every write, and compares a query
 * folded the same way. The client's offline search folds with the same steps
 * (client/src/features/notes/cache/note-rules.ts), so both find the same notes.
 */

/**
 * Text as search compares it: upper-cased then lower-cased, so a letter and its capital read the
 * same, "straße" and "STRASSE" both read "strasse" and "ÉTÉ" reads "été"; a final sigma as any
 * other (JavaScript lower-cases Σ by its place in the word); composed (NFC), so an accent typed
 * as a separate mark matches one typed with its letter.
 */
export const foldCase = (text: string): string =>
  text.normalize('NFC').toUpperCase().toLowerCase().replaceAll('ς', 'σ').normalize('NFC');

/** The `notes` columns search reads, besides the note's own fields: each kept as foldCase made it. */
export interface SearchColumns {
  /** The title, folded. */
  search_title: string;
  /** The plain text (`text_content`), folded. */
  search_text: string;
}

/** The names of {@link SearchColumns}, in the table's order. */
export const searchColumns = ['search_title', 'search_text'] as const satisfies ReadonlyArray<
  keyof SearchColumns
>;
