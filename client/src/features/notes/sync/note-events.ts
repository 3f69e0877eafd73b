import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../../gql';
import type { NoteEventsSubscription } from '../../../gql/graphql';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { writeNote } from '../cache/note-changes';
import { forgetNote, placeInLists } from '../cache/note-cache';

/** Where the signed-in user's change feed stands now. */
export const NoteEventsCursorDocument = graphql(`
  query NoteEventsCursor {
    noteEventsCursor
  }
`);

/** Every change to the user's notes, from any tab or device, after `since`, then live. */
export const NoteEventsDocument = graphql(`
  subscription NoteEvents($since: String) {
    noteEvents(since: $since) {
      cursor
      kind
      noteId
      note {
        ...NoteFields
      }
    }
  }
`);

export type NoteEvent = NoteEventsSubscription['noteEvents'];

/** The note as the cache holds it from the server (optimistic changes aside), if it does. */
export function cachedNote(cache: ApolloCache, id: string): Note | null {
  return cache.readFragment({
    id: cache.identify({ __typename: 'Note', id }),
    fragment: NoteFieldsFragment,
    fragmentName: 'NoteFields',
  });
}

/**
 * Whether a change from the feed may have taken a label out of use, so that the label list must
 * be asked for again (a label it brings is merged as the note is written): a deleted note that
 * had labels, a note that left the notes or the archive for the trash with labels, or one whose
 * labels lost one. `before` is the note as the cache held it before the change was written; when
 * the cache held nothing older (a note this tab never had, or this tab's own change, already
 * written by its answer) nothing tells what it lost, so only a new note is known to lose nothing.
 */
export function mayDropLabel(before: Note | null, event: NoteEvent): boolean {
  const after = event.note;
  if (!after) return !before || (before.location !== 'TRASH' && before.tags.length > 0);
  if (after.version <= 1) return false;
  if (!before || before.version >= after.version) return true;
  // A trashed note's labels are not in the list: nothing it loses there counts.
  if (before.location === 'TRASH') return false;
  if (after.location === 'TRASH') return before.tags.length > 0;
  return before.tags.some((tag) => !after.tags.includes(tag));
}

/**
 * Puts a change from the feed into the cache: a newer version of a note replaces what the cache
 * has and takes its place in the lists (so every list, card and open editor follows); a deleted
 * note goes. An event no newer than what the cache holds (this tab's own change, or one replayed
 * twice) changes nothing but where the cached note sits in the lists.
 */
export function applyNoteEvent(cache: ApolloCache, event: NoteEvent): void {
  if (!event.note) {
    forgetNote(cache, event.noteId);
    return;
  }
  const current = cachedNote(cache, event.noteId);
  // A fired reminder is the member's own and need not make a new version: its reminder (marked
  // fired, or moved to its next time) is written whatever version the cache holds.
  if (event.kind === 'REMINDED' && current && current.version >= event.note.version) {
    writeNote(cache, { ...current, reminder: event.note.reminder });
    return;
  }
  // Already here (a list's answer may have brought it first): it still takes its place in the
  // other lists, which that answer did not touch.
  if (current && current.version >= event.note.version) placeInLists(cache, current);
  else writeNote(cache, event.note);
}
