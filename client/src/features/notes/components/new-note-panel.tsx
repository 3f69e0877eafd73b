import type { NoteLocation } from '../../../gql/graphql';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteEditor } from './note-editor';

/** The new-note editor, shown while the new-note panel is open. */
export function NewNotePanel({ location }: { location: NoteLocation }) {
  const { isNewNoteOpen, setNewNoteOpen } = useNotesUi();
  if (!isNewNoteOpen) return null;
  return <NoteEditor location={location} onClose={() => setNewNoteOpen(false)} />;
}
