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
  // Already here (a list's answer may have brought it first): it still takes its place in the
  // other lists, which that answer did not touch.
  if (current && current.version >= event.note.version) placeInLists(cache, current);
  else writeNote(cache, event.note);
}
