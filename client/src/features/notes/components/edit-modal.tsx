import { Modal } from '../../../components/modal';
import { useNotesUi } from '../hooks/notes-ui-context';
import type { NoteContext } from '../hooks/use-note-actions';
import { NoteEditor } from './note-editor';

/** The edit modal: the note editor in edit mode over a backdrop, while a note is being edited. */
export function EditModal({ context }: { context: NoteContext }) {
  const { editorNote, closeEditModal } = useNotesUi();
  if (!editorNote) return null;
  return (
    <Modal label="Edit note" onClose={closeEditModal}>
      <NoteEditor
        key={editorNote.id}
        note={editorNote}
        context={context}
        onClose={closeEditModal}
      />
    </Modal>
  );
}
