import type { Priority } from '../../../gql/graphql';
import { emptyNote } from '../api/empty-note';
import type { Note } from '../api/note-fields';

/** What the editor lets the user change. */
export interface Draft {
  title: string;
  content: string;
  color: string;
  priority: Priority | null;
  tags: string[];
  pinned: boolean;
}

export type DraftField = keyof Draft;

const FIELDS: readonly DraftField[] = ['title', 'content', 'color', 'priority', 'tags', 'pinned'];

/** The draft of a new note. */
export const EMPTY_DRAFT: Draft = draftOf(emptyNote('new', 'NOTES'));

/** A note's editable fields, as a draft. */
export function draftOf(note: Note | null | undefined): Draft {
  if (!note) return EMPTY_DRAFT;
  const { title, content, color, priority, tags, pinned } = note;
  return { title, content, color, priority: priority ?? null, tags, pinned };
}

const same = (a: Draft, b: Draft, field: DraftField) =>
  JSON.stringify(a[field]) === JSON.stringify(b[field]);

/** The fields in which `draft` differs from `base`. */
export function changedFields(base: Draft, draft: Draft): DraftField[] {
  return FIELDS.filter((field) => !same(base, draft, field));
}

/**
 * Merges the user's draft with a newer version of the note, field by field, both having started
 * from `base`: a field changed on one side only takes that side's value; a field changed on both
 * sides to different values is a conflict, and keeps `mine` until the user chooses.
 */
export function mergeDraft(
  base: Draft,
  mine: Draft,
  theirs: Draft,
): { draft: Draft; conflicts: DraftField[] } {
  const draft = { ...mine };
  const conflicts: DraftField[] = [];
  for (const field of FIELDS) {
    const mineChanged = !same(base, mine, field);
    const theirsChanged = !same(base, theirs, field);
    if (theirsChanged && !mineChanged) Object.assign(draft, { [field]: theirs[field] });
    else if (theirsChanged && mineChanged && !same(mine, theirs, field)) conflicts.push(field);
  }
  return { draft, conflicts };
}
