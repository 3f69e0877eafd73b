import { memo, useState } from 'react';
import type { CSSProperties } from 'react';
import { Archive, ArchiveRestore, PenLine, Trash2 } from 'lucide-react';
import { IconButton } from '../../../components/icon-button';
import { Spinner } from '../../../components/spinner';
import { RichTextView } from '../../../components/rich-text';
import { readableTextColor } from '../../../lib/color';
import type { NoteInput } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { useDeleteNote } from '../api/use-delete-note';
import {
  useArchiveNote,
  useRestoreNote,
  useTrashNote,
  useUnarchiveNote,
} from '../api/use-move-note';
import { useUpdateNote } from '../api/use-update-note';
import {
  archiveMessages,
  cardChangeMessages,
  deleteForeverMessages,
  restoreMessages,
  trashMessages,
  unarchiveMessages,
  type ActionMessages,
  type CardChange,
} from '../hooks/note-messages';
import { useNotesUi } from '../hooks/notes-ui-context';
import { runNoteAction } from '../hooks/run-note-action';
import { NoteMetaMenus } from './note-meta-menus';
import { priorityLabel } from './priority-menu';

/** The reader's locale's date and time, as `toLocaleString()` writes them, made once. */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "Created At" time in the reader's locale. */
function formatCreatedAt(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return dateTimeFormat.format(date);
}

function cardStyle(color: string): CSSProperties | undefined {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  return { background: color, color: readableTextColor(color), borderColor: 'transparent' };
}

/**
 * One note: title, body, priority and label chips, creation time, and the actions its place
 * allows (trash cards only restore or delete forever). Every action shows at once; a small
 * spinner says the server has not answered yet. Re-renders only when its note (a new object from
 * the cache on change) changes.
 */
export const NoteCard = memo(function NoteCard({ note }: { note: Note }) {
  const update = useUpdateNote();
  const archive = useArchiveNote();
  const unarchive = useUnarchiveNote();
  const trash = useTrashNote();
  const restore = useRestoreNote();
  const deleteForever = useDeleteNote();
  const { openEditModal } = useNotesUi();
  const [pending, setPending] = useState(0);
  const { location } = note;

  const run = async (action: () => Promise<unknown>, messages: ActionMessages) => {
    setPending((n) => n + 1);
    await runNoteAction(action, messages);
    setPending((n) => n - 1);
  };
  const change = (input: NoteInput, kind: CardChange) =>
    void run(() => update(note, input), cardChangeMessages(kind));

  const title = note.title || 'Untitled note';

  return (
    <article
      className={cardStyle(note.color) ? 'note-card note-card--coloured' : 'note-card'}
      style={cardStyle(note.color)}
      aria-label={title}
      aria-busy={pending > 0}
    >
      {note.title && <h3 className="note-card__title">{note.title}</h3>}
      <div className="note-card__body">
        <RichTextView html={note.content} />
      </div>
      {(note.priority || note.tags.length > 0) && (
        <ul className="chips" aria-label="Priority and labels">
          {note.priority && <li className="chip chip--priority">{priorityLabel(note.priority)}</li>}
          {note.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <p className="note-card__date">
        Created At <time dateTime={note.createdAt}>{formatCreatedAt(note.createdAt)}</time>
        {pending > 0 && <Spinner label="Saving" size="small" />}
      </p>
      <div className="note-card__actions">
        {location !== 'TRASH' && (
          <>
            <IconButton
              label="Edit note"
              icon=<PenLine size={18} aria-hidden />
              onClick={() => openEditModal(note)}
            />
            <NoteMetaMenus
              verb="Change"
              color={note.color}
              tags={note.tags}
              priority={note.priority}
              onColorChange={(color) => change({ color }, 'color')}
              onTagsChange={(tags) => change({ tags }, 'tag')}
              onPriorityChange={(priority) => change({ priority }, 'priority')}
            />
          </>
        )}
        {location === 'NOTES' && (
          <IconButton
            label="Archive note"
            icon=<Archive size={18} aria-hidden />
            onClick={() => void run(() => archive(note), archiveMessages)}
          />
        )}
        {location === 'ARCHIVE' && (
          <IconButton
            label="Restore note"
            icon=<ArchiveRestore size={18} aria-hidden />
            onClick={() => void run(() => unarchive(note), unarchiveMessages)}
          />
        )}
        {location === 'TRASH' && (
          <IconButton
            label="Restore note"
            icon=<ArchiveRestore size={18} aria-hidden />
            onClick={() => void run(() => restore(note), restoreMessages)}
          />
        )}
        {location === 'TRASH' ? (
          <IconButton
            label="Delete note forever"
            icon=<Trash2 size={18} aria-hidden />
            onClick={() => void run(() => deleteForever(note), deleteForeverMessages)}
          />
        ) : (
          <IconButton
            label="Move note to trash"
            icon=<Trash2 size={18} aria-hidden />
            onClick={() => void run(() => trash(note), trashMessages(location, false))}
          />
        )}
      </div>
    </article>
  );
});
