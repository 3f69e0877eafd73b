import type { NoteLocation } from '../../../gql/graphql';
import type { Note } from './note-fields';

/**
 * A note before the user has given it anything: the one statement of a new note's defaults on
 * the client (the pending note of an add, the editor's empty draft, a cleared field, the tests'
 * fake notes). Typed against the NoteFields fragment, so a field added there without a default
 * here does not compile.
 */
export function emptyNote(id: string, location: NoteLocation, at = new Date().toISOString()): Note {
  return {
    __typename: 'Note',
    id,
    title: '',
    content: '',
    textContent: '',
    color: '',
    priority: null,
    tags: [],
    location,
    previousLocation: null,
    trashedAt: null,
    version: 1,
    pinned: false,
    createdAt: at,
    updatedAt: at,
    reminder: null,
  };
}
