import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../../gql';
import type { ReminderRepeat } from '../../../gql/graphql';
import { answeredNote, type Note } from './note-fields';

/** Sets the signed-in user's reminder on a note (replacing one it had). */
export const SetReminderDocument = graphql(`
  mutation SetReminder($noteId: ID!, $at: String!, $repeat: ReminderRepeat, $timeZone: String) {
    note: setReminder(noteId: $noteId, at: $at, repeat: $repeat, timeZone: $timeZone) {
      ...NoteFields
    }
  }
`);

/** Removes the signed-in user's reminder from a note. */
export const ClearReminderDocument = graphql(`
  mutation ClearReminder($noteId: ID!) {
    note: clearReminder(noteId: $noteId) {
      ...NoteFields
    }
  }
`);

/** The notes with a reminder, soonest first: the Reminders place. */
export const RemindersListDocument = graphql(`
  query RemindersList($first: Int, $after: String) {
    list: reminders(first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** What a reminder is set to. */
export interface ReminderChoice {
  at: Date;
  repeat: ReminderRepeat;
}

/**
 * Sets a note's reminder: the bell, chip and lists show it at once (Apollo's optimistic layer),
 * and go back to what they showed if the server refuses. `timeZone` (IANA) keeps a repeat's
 * wall-clock time. Resolves to the note as the server has it. Not queued offline: a reminder set
 * without a connection fails and says so.
 */
export async function setReminder(
  client: ApolloClient,
  note: Note,
  { at, repeat }: ReminderChoice,
  timeZone: string,
): Promise<Note> {
  const iso = at.toISOString();
  const { data } = await client.mutate({
    mutation: SetReminderDocument,
    variables: { noteId: note.id, at: iso, repeat, timeZone },
    optimisticResponse: {
      __typename: 'Mutation',
      note: { ...note, reminder: { __typename: 'Reminder', at: iso, repeat, firedAt: null } },
    },
    refetchQueries: [RemindersListDocument],
  });
  return answeredNote(data?.note ?? null);
}

/** Removes a note's reminder, at once on screen, back if the server refuses. */
export async function clearReminder(client: ApolloClient, note: Note): Promise<Note> {
  const { data } = await client.mutate({
    mutation: ClearReminderDocument,
    variables: { noteId: note.id },
    optimisticResponse: { __typename: 'Mutation', note: { ...note, reminder: null } },
    refetchQueries: [RemindersListDocument],
  });
  return answeredNote(data?.note ?? null);
}

/** `setReminder` and `clearReminder` bound to the app's client. */
export function useReminderActions() {
  const client = useApolloClient();
  return {
    set: useCallback(
      (note: Note, choice: ReminderChoice, timeZone: string) =>
        setReminder(client, note, choice, timeZone),
      [client],
    ),
    clear: useCallback((note: Note) => clearReminder(client, note), [client]),
  };
}
