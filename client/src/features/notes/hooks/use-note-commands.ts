import { useState } from 'react';
import type { NoteInput } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { useDeleteNote } from '../api/delete-note';
import { useArchiveNote, useRestoreNote, useTrashNote, useUnarchiveNote } from '../api/move-note';
import { useUpdateNote } from '../api/update-note';
import {
  archiveMessages,
  cardChangeMessages,
  checklistMessages,
  deleteForeverMessages,
  pinMessages,
  restoreMessages,
  trashMessages,
  unarchiveMessages,
  type ActionMessages,
  type CardChange,
} from '../messages';
import { runNoteAction } from './run-note-action';
import type { UndoEntry } from '../undo-stack';

/** The fields a one-field change touches, as they were before it. */
function previous(note: Note, input: NoteInput): NoteInput {
  const before: NoteInput = {};
  if (input.color !== undefined) before.color = note.color;
  if (input.priority !== undefined) before.priority = note.priority;
  if (input.tags !== undefined) before.tags = note.tags;
  if (input.pinned !== undefined) before.pinned = note.pinned;
  if (input.content !== undefined) before.content = note.content;
  if (input.title !== undefined) before.title = note.title;
  return before;
}

/**
 * Everything a card (and the keyboard, on the focused card) can do to a note, each with the
 * spec's toasts and, where it can be taken back, Undo. `pending` counts the actions the server has
 * not answered yet.
 */
export function useNoteCommands(note: Note) {
  const update = useUpdateNote();
  const archive = useArchiveNote();
  const unarchive = useUnarchiveNote();
  const trash = useTrashNote();
  const restore = useRestoreNote();
  const deleteForever = useDeleteNote();
  const [pending, setPending] = useState(0);

  const run = async <T>(
    action: () => Promise<T>,
    messages: ActionMessages,
    undoWith?: (result: T) => UndoEntry,
  ) => {
    setPending((n) => n + 1);
    const ok = await runNoteAction(action, messages, undoWith);
    setPending((n) => n - 1);
    return ok;
  };

  /**
   * A change of some fields, applied on top of the latest version; Undo puts them back (and says
   * `undoMessages`, when taking it back reads differently).
   */
  const change = (input: NoteInput, messages: ActionMessages, undoMessages = messages) =>
    run(
      () => update(note, input),
      messages,
      (changed) => ({
        run: () => update(changed, previous(note, input)),
        messages: undoMessages,
      }),
    );

  return {
    pending: pending > 0,
    /** `lead`: what the change did first ("New Label Added"), said in its snackbar (not Undo's). */
    change: (input: NoteInput, kind: CardChange, lead?: readonly string[]) =>
      change(input, { ...cardChangeMessages(kind), lead }, cardChangeMessages(kind)),
    togglePin: () =>
      change({ pinned: !note.pinned }, pinMessages(!note.pinned), pinMessages(note.pinned)),
    /**
     * Saves a checklist item ticked or unticked: `content` is the body with that change. The body
     * is saved whole, so it goes with the version it was made from: a note changed elsewhere
     * meanwhile is refused, never overwritten. Undo puts the body back as it was, on the same
     * terms.
     */
    saveTick: (content: string) =>
      run(
        () => update(note, { content }, note.version),
        checklistMessages,
        (changed) => ({
          run: () => update(changed, { content: note.content }, changed.version),
          messages: checklistMessages,
        }),
      ),
    archive: () =>
      run(
        () => archive(note),
        archiveMessages,
        (moved) => ({ run: () => unarchive(moved), messages: unarchiveMessages }),
      ),
    unarchive: () =>
      run(
        () => unarchive(note),
        unarchiveMessages,
        (moved) => ({ run: () => archive(moved), messages: archiveMessages }),
      ),
    trash: (fromEditor = false) =>
      run(
        () => trash(note),
        trashMessages(note.location, fromEditor),
        (moved) => ({ run: () => restore(moved), messages: restoreMessages }),
      ),
    restore: () =>
      run(
        () => restore(note),
        restoreMessages,
        (moved) => ({ run: () => trash(moved), messages: trashMessages(moved.location, false) }),
      ),
    deleteForever: () => run(() => deleteForever(note), deleteForeverMessages),
  };
}

export type NoteCommands = ReturnType<typeof useNoteCommands>;
