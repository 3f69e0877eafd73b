import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { ErrorPanel } from '../../components/error-panel';
import { Spinner } from '../../components/spinner';
import { RemindersListDocument } from '../../features/notes/api/reminders';
import type { Note } from '../../features/notes/api/note-fields';
import { EditModal } from '../../features/notes/editor/edit-modal';
import { NoteGrid } from '../../features/notes/list/notes-list';
import { isOverdue } from '../../features/notes/reminders/reminder-menu';
import '../../features/notes/reminders/reminders.css';

/** How many reminders the place shows (the soonest). */
const SHOWN = 200;

/**
 * Splits notes with a reminder into the overdue ones and the upcoming ones, each soonest first.
 * A note whose reminder was just removed (its card's menu, optimistically) leaves at once.
 */
export function reminderGroups(notes: readonly Note[], now = Date.now()) {
  const withReminder = notes
    .filter((note) => note.reminder && note.location !== 'TRASH')
    .sort((a, b) => Date.parse(a.reminder!.at) - Date.parse(b.reminder!.at));
  return {
    overdue: withReminder.filter((note) => isOverdue(note.reminder!, now)),
    upcoming: withReminder.filter((note) => !isOverdue(note.reminder!, now)),
  };
}

/** /reminders: the notes with a reminder, overdue ones and upcoming ones, soonest first. */
export function RemindersRoute() {
  const { data, loading, error } = useQuery(RemindersListDocument, {
    variables: { first: SHOWN },
    fetchPolicy: 'cache-and-network',
  });
  const groups = useMemo(() => reminderGroups(data?.list.nodes ?? []), [data]);
  const empty = groups.overdue.length === 0 && groups.upcoming.length === 0;

  return (
    <>
      <h1 className="page-title">Reminders</h1>
      {empty && loading && (
        <div className="list-status">
          <Spinner label="Loading reminders" />
        </div>
      )}
      {empty && !loading && error && (
        <ErrorPanel>
          <p>Your reminders could not be loaded: {error.message}.</p>
        </ErrorPanel>
      )}
      {empty && !loading && !error && (
        <div className="empty-state">
          <p>Notes with a reminder show here. Set one with a note&apos;s bell.</p>
        </div>
      )}
      {groups.overdue.length > 0 && (
        <section className="notes-group reminders-group" aria-labelledby="reminders-overdue">
          <h2 id="reminders-overdue" className="notes-group__title">
            Overdue
          </h2>
          <NoteGrid notes={groups.overdue} label="Overdue reminders" />
        </section>
      )}
      {groups.upcoming.length > 0 && (
        <section className="notes-group reminders-group" aria-labelledby="reminders-upcoming">
          <h2 id="reminders-upcoming" className="notes-group__title">
            Upcoming
          </h2>
          <NoteGrid notes={groups.upcoming} label="Upcoming reminders" />
        </section>
      )}
      <EditModal location="NOTES" />
    </>
  );
}
