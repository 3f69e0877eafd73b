import type { ApolloClient } from '@apollo/client';
import { toast } from '../../../lib/toast';
import type { Note } from '../api/note-fields';
import { clearReminder, setReminder } from '../api/reminders';
import { runNoteAction } from '../hooks/run-note-action';
import { clearReminderMessages } from '../messages';
import { userTimeZone } from './reminder-times';
import './reminders.css';

/** How long "Snooze 1 hour" puts a reminder off. */
export const SNOOZE_MS = 60 * 60 * 1000;

/** Snoozing a fired reminder (from its toast, or a notification's action). */
export const snoozeMessages = {
  success: 'Reminder Snoozed For 1 Hour',
  failure: 'Failed To Snooze Reminder',
};

/** "Done": the fired reminder goes (a repeating one's next time is the server's to keep). */
export function reminderDone(client: ApolloClient, note: Note): Promise<boolean> {
  return runNoteAction(() => clearReminder(client, note), clearReminderMessages);
}

/** "Snooze 1 hour": the reminder comes again an hour from now, keeping its repeat. */
export function reminderSnooze(client: ApolloClient, note: Note): Promise<boolean> {
  const repeat = note.reminder?.repeat ?? 'NONE';
  return runNoteAction(
    () =>
      setReminder(client, note, { at: new Date(Date.now() + SNOOZE_MS), repeat }, userTimeZone()),
    snoozeMessages,
  );
}

function ReminderToast({
  title,
  onDone,
  onSnooze,
}: {
  title: string;
  onDone: () => void;
  onSnooze: () => void;
}) {
  return (
    <div className="reminder-toast">
      <p className="reminder-toast__message">Reminder: {title}</p>
      <div className="reminder-toast__buttons">
        <button type="button" className="undo-toast__button" onClick={onDone}>
          Done
        </button>
        <button type="button" className="undo-toast__button" onClick={onSnooze}>
          Snooze 1 hour
        </button>
      </div>
    </div>
  );
}

/**
 * A fired reminder in an open tab: "Reminder: {title}" with Done and Snooze 1 hour. It stays
 * until acted on or closed (a newer message passes in front of it, then it comes back).
 */
export function showReminderToast(client: ApolloClient, note: Note): void {
  const title = note.title || 'Untitled note';
  toast.info(
    <ReminderToast
      title={title}
      onDone={() => void reminderDone(client, note)}
      onSnooze={() => void reminderSnooze(client, note)}
    />,
    { autoClose: false, toastId: `reminder-${note.id}` },
  );
}
