import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Note } from '../api/note-fields';

interface NotesUi {
  isNewNoteOpen: boolean;
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
  /** True from the keyboard's "new note" until the new-note title has taken the focus. */
  newNoteFocus: boolean;
  focusNewNote: () => void;
  newNoteFocused: () => void;
}

const NotesUiContext = createContext<NotesUi | null>(null);

/** UI state of the notes pages: the new-note panel (open by default) and the edit modal. */
export function NotesUiProvider({ children }: { children: ReactNode }) {
  const [isNewNoteOpen, setNewNoteOpen] = useState(true);
  const [editorNote, setEditorNote] = useState<Note | null>(null);
  const [addedLabels, setAddedLabels] = useState<string[]>([]);
  const [newNoteFocus, setNewNoteFocus] = useState(false);

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
  const focusNewNote = useCallback(() => {
    setNewNoteOpen(true);
    setNewNoteFocus(true);
  }, []);
  const newNoteFocused = useCallback(() => setNewNoteFocus(false), []);

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
