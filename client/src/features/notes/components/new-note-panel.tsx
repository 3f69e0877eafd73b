import { useNotesUi } from '../hooks/notes-ui-context';
import type { NoteContext } from '../hooks/use-note-actions';
import { NoteEditor } from './note-editor';

/** The new-note editor, shown while the new-note panel is open. */
export function NewNotePanel({ context }: { context: NoteContext }) {
  const { isNewNoteOpen, setNewNoteOpen } = useNotesUi();
  if (!isNewNoteOpen) return null;
  return <NoteEditor context={context} onClose={() => setNewNoteOpen(false)} />;
}
