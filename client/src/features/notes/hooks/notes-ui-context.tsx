import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Note } from '../api/note-fields';
import { readAuth } from '../../../lib/storage';
import { loadDraft } from '../sync/local-drafts';

/** Where the focus goes when the new-note editor opens. */
export type NewNoteFocus = 'title' | 'body';

interface NotesUi {
  /** True while the new-note editor is open; false while it rests as the one-line bar. */
  isNewNoteOpen: boolean;
  /** Opens the new-note editor with the focus in its body, or closes it. */
  setNewNoteOpen: (open: boolean) => void;
  /** The note in the edit modal, or null when the modal is closed. */
  editorNote: Note | null;
  openEditModal: (note: Note) => void;
  closeEditModal: () => void;
  /** Labels added from a label menu that no note carries yet. */
  addedLabels: string[];
  rememberLabel: (label: string) => void;
  /** Renames (or, with null, forgets) a label added here that no note carries yet. */
  replaceAddedLabel: (from: string, to: string | null) => void;
  /** Where the new-note editor should put the focus, until it has (`newNoteFocused`). */
  newNoteFocus: NewNoteFocus | null;
  /** The keyboard's "new note" (`c`): opens the new-note editor with the focus in its title. */
  focusNewNote: () => void;
  newNoteFocused: () => void;
}

const NotesUiContext = createContext<NotesUi | null>(null);

/**
 * UI state of the notes pages: the new-note area (one line until opened; open on arrival only
 * when a new note typed earlier was not saved, so it comes back) and the edit modal.
 */
export function NotesUiProvider({ children }: { children: ReactNode }) {
  const [isNewNoteOpen, setOpen] = useState(
    () => loadDraft(readAuth().user?.id ?? '', 'new') !== undefined,
  );
  const [editorNote, setEditorNote] = useState<Note | null>(null);
  const [addedLabels, setAddedLabels] = useState<string[]>([]);
  const [newNoteFocus, setNewNoteFocus] = useState<NewNoteFocus | null>(null);

  const closeEditModal = useCallback(() => setEditorNote(null), []);
  const rememberLabel = useCallback(
    (label: string) => setAddedLabels((labels) => [...labels, label]),
    [],
  );
  const replaceAddedLabel = useCallback(
    (from: string, to: string | null) =>
      setAddedLabels((labels) =>
        labels.flatMap((label) => (label !== from ? [label] : to === null ? [] : [to])),
      ),
    [],
  );
  const setNewNoteOpen = useCallback((open: boolean) => {
    setOpen(open);
    setNewNoteFocus(open ? 'body' : null);
  }, []);
  const focusNewNote = useCallback(() => {
    setOpen(true);
    setNewNoteFocus('title');
  }, []);
  const newNoteFocused = useCallback(() => setNewNoteFocus(null), []);

  const value = useMemo(
    () => ({
      isNewNoteOpen,
      setNewNoteOpen,
      editorNote,
      openEditModal: setEditorNote,
      closeEditModal,
      addedLabels,
      rememberLabel,
      replaceAddedLabel,
      newNoteFocus,
      focusNewNote,
      newNoteFocused,
    }),
    [
      isNewNoteOpen,
      setNewNoteOpen,
      editorNote,
      closeEditModal,
      addedLabels,
      rememberLabel,
      replaceAddedLabel,
      newNoteFocus,
      focusNewNote,
      newNoteFocused,
    ],
  );
  return <NotesUiContext.Provider value={value}>{children}</NotesUiContext.Provider>;
}

/** The notes UI state. Must be used under `NotesUiProvider`. */
export function useNotesUi(): NotesUi {
  const value = useContext(NotesUiContext);
  if (!value) throw new Error('useNotesUi must be used inside NotesUiProvider');
  return value;
}
