import { Modal } from '../../../components/modal';
import type { NoteLocation } from '../../../gql/graphql';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteEditor } from './note-editor';

/** The edit modal: the note editor in edit mode over a backdrop, while a note is being edited. */
export function EditModal({ location }: { location: NoteLocation }) {
  const { editorNote, closeEditModal } = useNotesUi();
  if (!editorNote) return null;
  return (
    <Modal label="Edit note" onClose={closeEditModal}>
      <NoteEditor
        key={editorNote.id}
        note={editorNote}
        location={location}
        onClose={closeEditModal}
      />
    </Modal>
  );
}
