import { graphql } from '../../../gql';
import type { NoteFieldsFragment as FragmentType } from '../../../gql/graphql';

/** Every field a card or the editor shows, and what the lists sort and filter by. */
export const NoteFieldsFragment = graphql(`
  fragment NoteFields on Note {
    id
    title
    content
    textContent
    color
    priority
    tags
    location
    previousLocation
    trashedAt
    version
    pinned
    createdAt
    updatedAt
    reminder {
      at
      repeat
      firedAt
    }
  }
`);

/** A note as the client sees it. Each note mutation names its answer `note`, so one cache update serves them all. */
export type Note = FragmentType;

/** The note a change's answer carries: every note change but a delete answers with one. */
export function answeredNote(note: Note | null): Note {
  if (!note) throw new Error('the server answered without the note');
  return note;
}
