import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Archive, ArchiveRestore, History, Pin, PinOff, Trash2 } from 'lucide-react';
import { readAuth } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { IconButton } from '../../../components/icon-button';
import { SectionLoader } from '../../../components/section-loader';
import { RichTextEditor, isHtmlEmpty } from '../../../components/rich-text';
import { useApolloClient } from '@apollo/client/react';
import type { NoteInput, NoteLocation } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { writeNote } from '../cache/note-changes';
import { conflictCurrent } from '../sync/outbox';
import { useAddNote } from '../api/add-note';
import { useArchiveNote, useTrashNote, useUnarchiveNote } from '../api/move-note';
import { useUpdateNote } from '../api/update-note';
import {
  archiveMessages,
  saveMessages,
  trashMessages,
  unarchiveMessages,
  type ActionMessages,
} from '../messages';
import { announce, reportFailure, runNoteAction } from '../hooks/run-note-action';
import { useEditSync } from '../sync/use-edit-sync';
import { changedFields, draftOf, EMPTY_DRAFT, type Draft } from './draft';
import { dropDraft, keepDraft, loadDraft } from '../sync/local-drafts';
import { ConflictBanner } from './conflict-banner';
import { noteColourStyle } from './note-colours';
import { HistoryDialog } from './history-dialog';
import { NoteMetaMenus } from '../components/note-meta-menus';
import { EditorReminder } from '../reminders/reminder-menu';
import { priorityLabel } from '../components/priority-menu';

interface NoteEditorProps {
  /** The note being edited; absent for a new note. */
  note?: Note;
  /** The place the editor works on (the archive when the path names it, spec §2). */
  location: NoteLocation;
  /** Called after a successful save, archive, unarchive or delete, and on Cancel. */
  onClose: () => void;
  /**
   * The new-note area's ways (Keep's): Esc, or a press outside the editor, saves what was typed
   * as Add would and closes; an empty note just closes.
   */
  quickAdd?: boolean;
  /** Text typed before the editor opened (into the one-line bar): the body starts with it. */
  initialText?: string;
  /** Puts the focus in the body, after its text, when the editor opens. */
  focusBody?: boolean;
  /** The labels a new note starts with (a label's page gives its own, as Keep does). */
  initialTags?: readonly string[];
}

/** The stored HTML of plain text: a paragraph a line. */
function textToHtml(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split('\n')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/** True for a press that should not close the new-note area: a dialog, a menu, a toast. */
function pressKeepsOpen(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target === document.documentElement) return true; // the page's scrollbar
  return (
    target.closest(
      '[role="dialog"], [role="menu"], [role="listbox"], .Toastify, button[aria-label="New note"]',
    ) !== null
  );
}

/**
 * Title, rich-text body, colour, labels and priority, with Add (or Edit) and Cancel. Refuses a
 * note with neither title nor body; Enter in the title goes to the body. When editing it also
 * offers archive or unarchive, and delete. A save shows in the lists at once; the editor keeps
 * the text, with a loader, until the server has it, so a refused save loses nothing. In the
 * new-note area (`quickAdd`) Esc or a press outside saves, and an empty note just closes. An
 * edit follows the note's changes made elsewhere (use-edit-sync.ts), and a save names the
 * version it stands on, so it never overwrites one of them unseen.
 */
export function NoteEditor({
  note,
  location,
  onClose,
  quickAdd = false,
  initialText = '',
  focusBody = false,
  initialTags,
}: NoteEditorProps) {
  const add = useAddNote();
  const update = useUpdateNote();
  const archive = useArchiveNote();
  const unarchive = useUnarchiveNote();
  const trash = useTrashNote();
  const client = useApolloClient();
  const userId = readAuth().user?.id ?? '';
  const draftKey = note?.id ?? 'new';
  // What was typed here before and not saved (a reload, a closed tab, Escape) comes back.
  const [stored] = useState(() => loadDraft(userId, draftKey));
  const [draft, setDraft] = useState<Draft>(() => {
    const fresh = draftOf(note);
    const start =
      stored?.draft ?? (note || !initialTags ? fresh : { ...fresh, tags: [...initialTags] });
    if (!initialText) return start;
    const body = textToHtml(initialText);
    return { ...start, content: isHtmlEmpty(start.content) ? body : start.content + body };
  });
  const [restored, setRestored] = useState(stored !== undefined);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [bodyFocusKey, setBodyFocusKey] = useState(0);
  // Read once: a body still loading takes the focus when it arrives.
  const [focusBodyOnOpen] = useState(focusBody);
  const sectionRef = useRef<HTMLElement>(null);
  const editing = note !== undefined;
  const patch = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const reloadBody = () => setResetKey((k) => k + 1);
  const sync = useEditSync(note && (stored?.base ?? note), {
    draft,
    setDraft,
    reloadBody,
    saving: busy,
  });
  const [resaveAt, setResaveAt] = useState<number | null>(null);
  const [showHistory, setShowHistory] = useState(false);

  // The draft is written a moment after typing pauses, and at once when the editor closes
  // (Escape, or leaving the page) or the page goes (a reload, a closed tab) with a write waiting.
  const pendingWrite = useRef<(() => void) | null>(null);
  useEffect(() => {
    // A new note with neither title nor body is nothing to keep (a label's page gives it a label).
    const untouched =
      changedFields(draftOf(sync.base), draft).length === 0 ||
      (!editing && draft.title.trim() === '' && isHtmlEmpty(draft.content));
    const write = () => {
      pendingWrite.current = null;
      if (untouched) dropDraft(userId, draftKey);
      else keepDraft(userId, draftKey, draft, sync.base ?? null);
    };
    pendingWrite.current = write;
    const timer = setTimeout(write, 250);
    return () => clearTimeout(timer);
  }, [draft, sync.base, userId, draftKey, editing]);
  useEffect(() => {
    // A reload or a closed tab unmounts nothing: the waiting write goes now.
    const writeNow = () => pendingWrite.current?.();
    window.addEventListener('pagehide', writeNow);
    return () => {
      window.removeEventListener('pagehide', writeNow);
      writeNow();
    };
  }, []);

  /** Closes without keeping what was typed (Cancel, or a save the server has). */
  const discard = () => {
    pendingWrite.current = null;
    dropDraft(userId, draftKey);
    onClose();
  };

  const run = async (action: () => Promise<unknown>, messages: ActionMessages) => {
    setBusy(true);
    const ok = await runNoteAction(action, messages);
    setBusy(false);
    if (ok) {
      setDraft(EMPTY_DRAFT);
      setResetKey((k) => k + 1);
      setRestored(false);
      discard();
    }
  };

  const input = (): NoteInput => ({ ...draft, title: draft.title.trim() });

  const isEmpty = () => draft.title.trim() === '' && isHtmlEmpty(draft.content);

  const save = async () => {
    if (isEmpty()) {
      toast.error('Please Add Something In The Note');
      return;
    }
    const base = sync.base;
    if (!base) {
      await run(() => add(input(), location), saveMessages(location, true));
      return;
    }
    setBusy(true);
    let saved: Note;
    try {
      saved = await update(base, input(), base.version);
    } catch (error) {
      const current = conflictCurrent(error);
      setBusy(false);
      if (current) {
        // Changed elsewhere since this edit began: the newer note comes in beside the draft. If
        // nothing the user touched changed, the save goes again on top of it; else they choose.
        setResaveAt(current.version);
        writeNote(client.cache, current);
        return;
      }
      reportFailure(error, saveMessages(location, false).failure);
      return;
    }
    setBusy(false);
    const messages = saveMessages(location, false);
    // Undo brings back the note as it was before this save.
    announce(messages.success, {
      run: () => update(saved, draftOf(base)),
      messages,
    });
    discard();
  };

  /** The new-note area's Esc and press outside: saves what was typed, or just closes. */
  const saveOrClose = () => {
    if (busy) return;
    if (isEmpty()) discard();
    else void save();
  };
  const saveOrCloseRef = useRef(saveOrClose);
  useEffect(() => {
    saveOrCloseRef.current = saveOrClose;
  });
  useEffect(() => {
    if (!quickAdd) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (sectionRef.current?.contains(event.target as Node) || pressKeepsOpen(event.target))
        return;
      saveOrCloseRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [quickAdd]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!sync.conflict) void save();
      return;
    }
    // Esc in an open menu (the toolbar's, colour, labels) closes the menu, not the editor.
    if (
      quickAdd &&
      event.key === 'Escape' &&
      !event.defaultPrevented &&
      !sectionRef.current?.querySelector('[aria-expanded="true"]')
    ) {
      event.preventDefault();
      saveOrClose();
    }
  };

  useEffect(() => {
    if (resaveAt === null) return;
    if (sync.conflict) setResaveAt(null);
    else if (sync.base && sync.base.version >= resaveAt) {
      setResaveAt(null);
      void save();
    }
    // save() reads the draft as merged; it is not a reason to run again.
  }, [resaveAt, sync.base, sync.conflict]);

  /** Keeps both: the draft saved as a new note beside the note as it now is. */
  const keepBoth = () =>
    void runNoteAction(() => add(input(), location), {
      success: 'Note Added',
      failure: 'Failed To Add To Note',
    }).then((ok) => {
      if (ok && sync.conflict?.kind === 'changed') sync.takeTheirs();
      else if (ok) discard();
    });

  const colourStyle = noteColourStyle(draft.color);

  return (
    <section
      ref={sectionRef}
      className={colourStyle ? 'note-editor note-editor--coloured' : 'note-editor'}
      style={colourStyle}
      aria-label={editing ? 'Edit note' : 'New note'}
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      {busy && <SectionLoader />}
      {sync.conflict && (
        <ConflictBanner
          conflict={sync.conflict}
          onKeepMine={sync.keepMine}
          onTakeTheirs={sync.takeTheirs}
          onKeepBoth={keepBoth}
          onDiscard={discard}
        />
      )}
      {restored && (
        <p className="note-editor__restored" role="status">
          Your unsaved changes are back.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRestored(false);
              sync.startOver();
            }}
          >
            Discard them
          </button>
        </p>
      )}
      <input
        type="text"
        className="note-editor__title"
        placeholder="Enter Title Here"
        aria-label="Title"
        value={draft.title}
        onChange={(e) => patch({ title: e.target.value })}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          setBodyFocusKey((k) => k + 1);
        }}
      />
      <RichTextEditor
        initialHtml={draft.content}
        resetKey={resetKey}
        ariaLabel="Note body"
        autoFocus={focusBodyOnOpen}
        focusKey={bodyFocusKey}
        noteId={note?.id ?? 'new'}
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
          <IconButton
            label={draft.pinned ? 'Unpin note' : 'Pin note'}
            pressed={draft.pinned}
            icon={draft.pinned ? <PinOff size={18} aria-hidden /> : <Pin size={18} aria-hidden />}
            onClick={() => patch({ pinned: !draft.pinned })}
          />
          {note && !sync.conflict && <EditorReminder note={note} />}
          {note && !sync.conflict && (
            <IconButton
              label="Version history"
              icon=<History size={18} aria-hidden />
              onClick={() => setShowHistory(true)}
            />
          )}
          {note && !sync.conflict && location === 'NOTES' && (
            <IconButton
              label="Archive note"
              icon=<Archive size={18} aria-hidden />
              onClick={() => void run(() => archive(note), archiveMessages)}
            />
          )}
          {note && !sync.conflict && location === 'ARCHIVE' && (
            <IconButton
              label="Unarchive note"
              icon=<ArchiveRestore size={18} aria-hidden />
              onClick={() => void run(() => unarchive(note), unarchiveMessages)}
            />
          )}
          {note && !sync.conflict && (
            <IconButton
              label="Move note to trash"
              icon=<Trash2 size={18} aria-hidden />
              onClick={() => void run(() => trash(note), trashMessages(location, true))}
            />
          )}
        </div>
        <div className="note-editor__buttons">
          <button type="button" className="button button--ghost" onClick={discard}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={sync.conflict !== null}
            onClick={() => void save()}
          >
            {editing ? 'Edit' : 'Add'}
          </button>
        </div>
      </div>
      {note && showHistory && <HistoryDialog note={note} onClose={() => setShowHistory(false)} />}
    </section>
  );
}
