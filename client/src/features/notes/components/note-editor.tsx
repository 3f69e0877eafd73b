import { useState } from 'react';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { IconButton } from '../../../components/icon-button';
import { SectionLoader } from '../../../components/section-loader';
import { RichTextEditor, isHtmlEmpty } from '../../../components/rich-text';
import { readableTextColor } from '../../../lib/color';
import type { NoteInput, NoteLocation, Priority } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { useAddNote } from '../api/use-add-note';
import { useArchiveNote, useTrashNote, useUnarchiveNote } from '../api/use-move-note';
import { useUpdateNote } from '../api/use-update-note';
import {
  archiveMessages,
  saveMessages,
  trashMessages,
  unarchiveMessages,
  type ActionMessages,
} from '../hooks/note-messages';
import { runNoteAction } from '../hooks/run-note-action';
import { NoteMetaMenus } from './note-meta-menus';
import { priorityLabel } from './priority-menu';

interface Draft {
  title: string;
  content: string;
  color: string;
  priority: Priority | null;
  tags: string[];
}

const EMPTY_DRAFT: Draft = { title: '', content: '', color: '', priority: null, tags: [] };

function draftOf(note: Note | undefined): Draft {
  if (!note) return EMPTY_DRAFT;
  const { title, content, color, priority, tags } = note;
  return { title, content, color, priority: priority ?? null, tags };
}

interface NoteEditorProps {
  /** The note being edited; absent for a new note. */
  note?: Note;
  /** The place the editor works on (the archive when the path names it, spec §2). */
  location: NoteLocation;
  /** Called after a successful save, archive, unarchive or delete, and on Cancel. */
  onClose: () => void;
}

/**
 * Title, rich-text body, colour, labels and priority, with Add (or Edit) and Cancel. Refuses an
 * empty body. When editing it also offers archive or unarchive, and delete. A save shows in the
 * lists at once; the editor keeps the text, with a loader, until the server has it, so a refused
 * save loses nothing.
 */
export function NoteEditor({ note, location, onClose }: NoteEditorProps) {
  const add = useAddNote();
  const update = useUpdateNote();
  const archive = useArchiveNote();
  const unarchive = useUnarchiveNote();
  const trash = useTrashNote();
  const [draft, setDraft] = useState<Draft>(() => draftOf(note));
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const editing = note !== undefined;
  const patch = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  const run = async (action: () => Promise<unknown>, messages: ActionMessages) => {
    setBusy(true);
    const ok = await runNoteAction(action, messages);
    setBusy(false);
    if (ok) {
      setDraft(EMPTY_DRAFT);
      setResetKey((k) => k + 1);
      onClose();
    }
  };

  const save = () => {
    if (isHtmlEmpty(draft.content)) {
      toast.error('Please Add Something In The Note');
      return;
    }
    const input: NoteInput = { ...draft, title: draft.title.trim() };
    void run(
      () => (note ? update(note, input) : add(input, location)),
      saveMessages(location, !note),
    );
  };

  const colourStyle = draft.color
    ? { background: draft.color, color: readableTextColor(draft.color) }
    : undefined;

  return (
    <section
      className="note-editor"
      style={colourStyle}
      aria-label={editing ? 'Edit note' : 'New note'}
      aria-busy={busy}
    >
      {busy && <SectionLoader />}
      <input
        type="text"
        className="note-editor__title"
        placeholder="Enter Title Here"
        aria-label="Title"
        value={draft.title}
        onChange={(e) => patch({ title: e.target.value })}
      />
      <RichTextEditor
        initialHtml={note?.content ?? ''}
        resetKey={resetKey}
        ariaLabel="Note body"
        onChange={(content) => patch({ content })}
      />
      {(draft.priority || draft.tags.length > 0) && (
        <ul className="chips" aria-label="Chosen priority and labels">
          {draft.priority && (
            <li className="chip chip--priority">{priorityLabel(draft.priority)}</li>
          )}
          {draft.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="note-editor__footer">
        <div className="note-editor__tools">
          <NoteMetaMenus
            verb="Choose"
            color={draft.color}
            tags={draft.tags}
            priority={draft.priority}
            onColorChange={(color) => patch({ color })}
            onTagsChange={(tags) => patch({ tags })}
            onPriorityChange={(priority) => patch({ priority })}
          />
          {note && location === 'NOTES' && (
            <IconButton
              label="Archive note"
              icon=<Archive size={18} aria-hidden />
              onClick={() => void run(() => archive(note), archiveMessages)}
            />
          )}
          {note && location === 'ARCHIVE' && (
            <IconButton
              label="Unarchive note"
              icon=<ArchiveRestore size={18} aria-hidden />
              onClick={() => void run(() => unarchive(note), unarchiveMessages)}
            />
          )}
          {note && (
            <IconButton
              label="Move note to trash"
              icon=<Trash2 size={18} aria-hidden />
              onClick={() => void run(() => trash(note), trashMessages(location, true))}
            />
          )}
        </div>
        <div className="note-editor__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={save}>
            {editing ? 'Edit' : 'Add'}
          </button>
        </div>
      </div>
    </section>
  );
}
