import { useCallback, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { BellPlus, Repeat } from 'lucide-react';
import './reminders.css';
import { Modal } from '../../../components/modal';
import { useDismiss } from '../../../hooks/use-dismiss';
import { usePanelPlacement } from '../../../hooks/use-panel-placement';
import type { ReminderRepeat } from '../../../gql/graphql';
import { useFragment } from '@apollo/client/react';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { useReminderActions, type ReminderChoice } from '../api/reminders';
import { runNoteAction } from '../hooks/run-note-action';
import { clearReminderMessages, setReminderMessages } from '../messages';
import {
  askForNotifications,
  declineNotifications,
  DENIED_MESSAGE,
  onFirstReminder,
  subscribeThisDevice,
} from '../../../lib/push';
import {
  fieldValues,
  fromFields,
  pickTimeLabel,
  quickPicks,
  reminderLabel,
  userTimeZone,
} from './reminder-times';

const REPEATS: { value: ReminderRepeat; label: string }[] = [
  { value: 'NONE', label: 'Does not repeat' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'YEARLY', label: 'Yearly' },
];

/** Whether a reminder is past its time (a fired one-off, or one due while nothing fired it). */
export function isOverdue(reminder: NonNullable<Note['reminder']>, now = Date.now()): boolean {
  return Date.parse(reminder.at) <= now;
}

interface ReminderPanelProps {
  note: Note;
  onChoose: (choice: ReminderChoice) => void;
  onRemove: () => void;
  now?: Date;
}

/** The menu itself: Keep's quick picks, "Pick date and time" with Repeat, and Remove. */
export function ReminderPanel({ note, onChoose, onRemove, now = new Date() }: ReminderPanelProps) {
  const zone = userTimeZone();
  const [picking, setPicking] = useState(false);
  const start = note.reminder ? new Date(note.reminder.at) : quickPicks(now, zone)[0]!.at;
  const [fields, setFields] = useState(() => fieldValues(start, zone));
  const [repeat, setRepeat] = useState<ReminderRepeat>(note.reminder?.repeat ?? 'NONE');
  const [error, setError] = useState('');
  const id = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const at = fromFields(fields.date, fields.time, zone);
    if (!at) {
      setError('Choose a date and a time.');
      return;
    }
    if (repeat === 'NONE' && at.getTime() <= Date.now()) {
      setError('Choose a time in the future.');
      return;
    }
    onChoose({ at, repeat });
  };

  if (picking) {
    return (
      <form className="reminder-form" onSubmit={save} aria-label="Pick date and time" noValidate>
        <label className="field" htmlFor={`${id}-date`}>
          Date
          <input
            id={`${id}-date`}
            type="date"
            value={fields.date}
            onChange={(e) => setFields({ ...fields, date: e.target.value })}
          />
        </label>
        <label className="field" htmlFor={`${id}-time`}>
          Time
          <input
            id={`${id}-time`}
            type="time"
            value={fields.time}
            onChange={(e) => setFields({ ...fields, time: e.target.value })}
          />
        </label>
        <label className="field" htmlFor={`${id}-repeat`}>
          Repeat
          <select
            id={`${id}-repeat`}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value as ReminderRepeat)}
          >
            {REPEATS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="hint hint--error" role="alert">
            {error}
          </p>
        )}
        <div className="reminder-form__buttons">
          <button type="button" className="button button--ghost" onClick={() => setPicking(false)}>
            Back
          </button>
          <button type="submit" className="button">
            Save
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="menu-list" role="menu" aria-label="Remind me">
      <p className="reminder-menu__title">Reminder</p>
      {quickPicks(now, zone).map((pick) => (
        <button
          key={pick.id}
          type="button"
          role="menuitem"
          className="menu-list__item reminder-menu__pick"
          onClick={() => onChoose({ at: pick.at, repeat: note.reminder?.repeat ?? 'NONE' })}
        >
          <span>{pick.label}</span>
          <span className="reminder-menu__time">{pickTimeLabel(pick, zone)}</span>
        </button>
      ))}
      <button
        type="button"
        role="menuitem"
        className="menu-list__item"
        onClick={() => setPicking(true)}
      >
        Pick date and time
      </button>
      {note.reminder && (
        <button type="button" role="menuitem" className="menu-list__item" onClick={onRemove}>
          Remove reminder
        </button>
      )}
    </div>
  );
}

/** Why the app asks for the permission, before the browser asks. */
function PermissionDialog({ onAnswer }: { onAnswer: (ask: boolean) => void }) {
  return (
    <Modal label="Get reminders on this device?" onClose={() => onAnswer(false)}>
      <section className="confirm-dialog">
        <h2>Get reminders on this device?</h2>
        <p>
          Jotter can show a notification when a reminder is due, even when Jotter is closed. Your
          browser will ask you next. Without it, reminders still show here in Jotter and by email.
        </p>
        <div className="confirm-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={() => onAnswer(false)}>
            Not now
          </button>
          <button type="button" className="button" onClick={() => onAnswer(true)}>
            Turn on notifications
          </button>
        </div>
      </section>
    </Modal>
  );
}

/**
 * A note's reminder control: runs a choice (optimistic, with the reminder's toasts; rolled back
 * by Apollo when refused) and, the first time a reminder is set on this device, asks for the
 * notification permission with the app's dialog first.
 */
export function useReminderChoice(note: Note) {
  const actions = useReminderActions();
  const [asking, setAsking] = useState(false);
  const choose = useCallback(
    (choice: ReminderChoice) => {
      const first = onFirstReminder();
      if (first === 'ask') setAsking(true);
      if (first === 'subscribe') {
        subscribeThisDevice().catch((error: unknown) =>
          console.error('This device could not subscribe to notifications:', error),
        );
      }
      // Blocked: the same snackbar says, once, that reminders still come in the app and by email.
      const messages =
        first === 'tell'
          ? { ...setReminderMessages, lead: [setReminderMessages.success], success: DENIED_MESSAGE }
          : setReminderMessages;
      void runNoteAction(() => actions.set(note, choice, userTimeZone()), messages);
    },
    [actions, note],
  );
  const remove = useCallback(
    () => void runNoteAction(() => actions.clear(note), clearReminderMessages),
    [actions, note],
  );
  const dialog = asking ? (
    <PermissionDialog
      onAnswer={(ask) => {
        setAsking(false);
        if (ask) void askForNotifications();
        else declineNotifications();
      }}
    />
  ) : null;
  return { choose, remove, dialog };
}

interface ReminderMenuProps {
  note: Note;
  /** The button opening the menu: the bell, or the chip. */
  trigger: (props: { open: boolean; toggle: () => void }) => ReactNode;
  align?: 'start' | 'end';
}

/** A reminder menu opened by `trigger`; outside click or Escape closes it. */
export function ReminderMenu({ note, trigger, align = 'start' }: ReminderMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const placement = usePanelPlacement(ref, panel, open);
  const { choose, remove, dialog } = useReminderChoice(note);
  return (
    <div className="popover" ref={ref}>
      {trigger({ open, toggle: () => setOpen((o) => !o) })}
      {open && (
        <div
          ref={panel}
          className={`popover__panel popover__panel--${align} popover__panel--${placement} reminder-menu`}
        >
          <ReminderPanel
            note={note}
            onChoose={(choice) => {
              close();
              choose(choice);
            }}
            onRemove={() => {
              close();
              remove();
            }}
          />
        </div>
      )}
      {dialog}
    </div>
  );
}

/** The bell of a card's actions and of the editor's toolbar. */
export function ReminderBell({ note }: { note: Note }) {
  return (
    <ReminderMenu
      note={note}
      trigger={({ open, toggle }) => (
        <button
          type="button"
          className={open ? 'icon-button icon-button--active' : 'icon-button'}
          aria-label="Remind me"
          title="Remind me"
          aria-expanded={open}
          onClick={toggle}
        >
          <BellPlus size={18} aria-hidden />
        </button>
      )}
    />
  );
}

/**
 * A card's reminder chip ("Tomorrow, 08:00"), with a repeat icon when it repeats and marked
 * "Overdue" once past; a click opens the reminder menu.
 */
export function ReminderChip({ note, now = new Date() }: { note: Note; now?: Date }) {
  const { reminder } = note;
  if (!reminder) return null;
  const at = new Date(reminder.at);
  const overdue = isOverdue(reminder, now.getTime());
  const repeats = reminder.repeat !== 'NONE';
  const label = reminderLabel(at, now, userTimeZone());
  const repeatName = REPEATS.find((r) => r.value === reminder.repeat)?.label ?? '';
  return (
    <ReminderMenu
      note={note}
      trigger={({ open, toggle }) => (
        <button
          type="button"
          className={overdue ? 'chip reminder-chip reminder-chip--overdue' : 'chip reminder-chip'}
          aria-expanded={open}
          aria-label={`Reminder: ${label}${repeats ? `, repeats ${repeatName.toLowerCase()}` : ''}${overdue ? ', overdue' : ''}. Change reminder`}
          onClick={toggle}
        >
          <time dateTime={reminder.at}>{label}</time>
          {repeats && <Repeat size={12} aria-hidden />}
          {overdue && <span className="reminder-chip__overdue">Overdue</span>}
        </button>
      )}
    />
  );
}

/**
 * The editor's bell (and chip, once set), following the note as the cache has it: a reminder set
 * or fired while the editor is open shows there at once.
 */
export function EditorReminder({ note }: { note: Note }) {
  const { data, complete } = useFragment({
    fragment: NoteFieldsFragment,
    fragmentName: 'NoteFields',
    from: { __typename: 'Note', id: note.id },
  });
  const current = complete ? data : note;
  return (
    <>
      <ReminderBell note={current} />
      {current.reminder && <ReminderChip note={current} />}
    </>
  );
}
