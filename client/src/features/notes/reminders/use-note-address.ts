import { useEffect, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { graphql } from '../../../gql';
import type { Note } from '../api/note-fields';
import { reportFailure } from '../hooks/run-note-action';
import { reminderDone, reminderSnooze } from './reminder-toast';

/** One note, by its id: the note a notification (or a link in an email) opens. */
export const NoteByIdDocument = graphql(`
  query NoteById($id: ID!) {
    note(id: $id) {
      ...NoteFields
    }
  }
`);

/**
 * `/home?note={id}` opens that note's editor (a notification's click, an email's link); with
 * `&reminder=done` or `&reminder=snooze` (a notification's actions: the service worker has no
 * token, so the app does it) its reminder is cleared or put off an hour, and the editor is not
 * opened. The parameters go from the address once read, so a reload does not do it twice.
 */
export function useNoteAddress(openEditModal: (note: Note) => void): void {
  const client = useApolloClient();
  const [params, setParams] = useSearchParams();
  const noteId = params.get('note');
  const action = params.get('reminder');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!noteId || handled.current === `${noteId} ${action}`) return;
    handled.current = `${noteId} ${action}`;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('note');
        next.delete('reminder');
        return next;
      },
      { replace: true },
    );
    void client
      .query({ query: NoteByIdDocument, variables: { id: noteId }, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        const note = data?.note;
        if (!note) return;
        if (action === 'done') void reminderDone(client, note);
        else if (action === 'snooze') void reminderSnooze(client, note);
        else if (note.location !== 'TRASH') openEditModal(note);
      })
      .catch((error: unknown) => reportFailure(error, 'Failed To Open Note'));
  }, [client, noteId, action, setParams, openEditModal]);
}
