import { memo, useState } from 'react';
import type { CSSProperties } from 'react';
import { Archive, ArchiveRestore, PenLine, Trash2 } from 'lucide-react';
import { IconButton } from '../../../components/icon-button';
import { SectionLoader } from '../../../components/section-loader';
import { RichTextView } from '../../../components/rich-text';
import { readableTextColor } from '../../../lib/color';
import type { Priority } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import type { NoteContext } from '../hooks/use-note-actions';
import { useNoteActions } from '../hooks/use-note-actions';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteMetaMenus } from './note-meta-menus';
import { priorityLabel } from './priority-menu';

/** "Created At" time in the reader's locale. */
export function formatCreatedAt(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : date.toLocaleString();
}

function cardStyle(color: string): CSSProperties | undefined {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  return { background: color, color: readableTextColor(color), borderColor: 'transparent' };
}

interface NoteCardProps {
  note: Note;
  context: NoteContext;
}

/**
 * One note: title, body, priority and label chips, creation time, and the actions its list
 * allows (trash cards only restore or delete forever). Shows a loader while an action runs.
 */
/** A card re-renders only when its note (a new object from the cache on change) or context does. */
export const NoteCard = memo(function NoteCard({ note, context }: NoteCardProps) {
  const actions = useNoteActions();
  const { openEditModal } = useNotesUi();
  const [busy, setBusy] = useState(false);
  const editable = context !== 'trash';

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const onDelete = () =>
    run(() =>
      context === 'trash' ? actions.deleteForever(note.id) : actions.trash(note.id, context),
    );
  const onRestore = () =>
    run(() => (context === 'trash' ? actions.restore(note.id) : actions.unarchive(note.id)));

  const setColour = (color: string) =>
    run(() => actions.updateFromCard(note.id, { color }, 'color'));
  const setPriority = (priority: Priority | null) =>
    run(() => actions.updateFromCard(note.id, { priority }, 'priority'));
  const setTags = (tags: string[]) => run(() => actions.updateFromCard(note.id, { tags }, 'tag'));

  const title = note.title || 'Untitled note';

  return (
    <article
      className={cardStyle(note.color) ? 'note-card note-card--coloured' : 'note-card'}
      style={cardStyle(note.color)}
      aria-label={title}
      aria-busy={busy}
    >
      {busy && <SectionLoader />}
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
      </p>
      <div className="note-card__actions">
        {editable && (
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
              priority={note.priority ?? null}
              onColorChange={(color) => void setColour(color)}
              onTagsChange={(tags) => void setTags(tags)}
              onPriorityChange={(priority) => void setPriority(priority)}
            />
          </>
        )}
        {context === 'notes' && (
          <IconButton
            label="Archive note"
            icon=<Archive size={18} aria-hidden />
            onClick={() => void run(() => actions.archive(note.id))}
          />
        )}
        {context !== 'notes' && (
          <IconButton
            label="Restore note"
            icon=<ArchiveRestore size={18} aria-hidden />
            onClick={() => void onRestore()}
          />
        )}
        <IconButton
          label={context === 'trash' ? 'Delete note forever' : 'Move note to trash'}
          icon=<Trash2 size={18} aria-hidden />
          onClick={() => void onDelete()}
        />
      </div>
    </article>
  );
});
