import { useEffect, useState } from 'react';
import { useFragment } from '@apollo/client/react';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { draftOf, mergeDraft, type Draft, type DraftField } from '../editor/draft';

/** A change made elsewhere that the user must decide about. */
export type EditConflict =
  | { kind: 'changed'; fields: DraftField[]; theirs: Note }
  | { kind: 'gone'; why: 'trashed' | 'deleted' };

interface EditSyncOptions {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  /** Shows the draft's body afresh in the editor (after it took someone else's text). */
  reloadBody: () => void;
  /** True while this editor's own save is in flight: its optimistic version is not "elsewhere". */
  saving: boolean;
}

/**
 * Keeps an open edit in step with the note's changes from elsewhere (another tab or device,
 * through the live feed, or a refused save's answer). A change to fields the user has not touched
 * comes in silently; when both sides changed the same field, the user chooses. `base` is the
 * version the draft stands on: the version a save must name. A new note (no `note`) has none of
 * this.
 */
export function useEditSync(
  note: Note | undefined,
  { draft, setDraft, reloadBody, saving }: EditSyncOptions,
) {
  const [base, setBase] = useState(note);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const live = useFragment({
    fragment: NoteFieldsFragment,
    fragmentName: 'NoteFields',
    from: note ?? null,
  });
  const latest = live.complete ? live.data : null;

  useEffect(() => {
    if (saving || !base) return;
    if (!latest) {
      setConflict({ kind: 'gone', why: 'deleted' });
      return;
    }
    if (latest.location === 'TRASH') {
      setConflict({ kind: 'gone', why: 'trashed' });
      return;
    }
    if (latest.version <= base.version) return;
    const merged = mergeDraft(draftOf(base), draft, draftOf(latest));
    if (merged.conflicts.length > 0) {
      setConflict({ kind: 'changed', fields: merged.conflicts, theirs: latest });
      return;
    }
    const bodyFromThem = merged.draft.content !== draft.content;
    setBase(latest);
    setDraft(merged.draft);
    setConflict(null);
    if (bodyFromThem) reloadBody();
    // Runs when a newer version arrives (the draft is read as it is then), not on every keystroke.
  }, [latest, saving, base]);

  return {
    base,
    conflict,
    /** Keeps the user's version of the fields in conflict, on top of the newer note. */
    keepMine: () => {
      if (conflict?.kind !== 'changed' || !base) return;
      setDraft(mergeDraft(draftOf(base), draft, draftOf(conflict.theirs)).draft);
      setBase(conflict.theirs);
      setConflict(null);
    },
    /** Drops the user's changes for the note as it is now. */
    startOver: () => {
      const now = latest ?? base;
      setDraft(draftOf(now));
      setBase(now);
      setConflict(null);
      reloadBody();
    },
    /** Drops the user's changes for the newer note. */
    takeTheirs: () => {
      if (conflict?.kind !== 'changed') return;
      setDraft(draftOf(conflict.theirs));
      setBase(conflict.theirs);
      setConflict(null);
      reloadBody();
    },
  };
}
