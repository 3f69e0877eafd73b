import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useEmptyTrash } from '../../features/notes/api/delete-note';
import { NotesList } from '../../features/notes/list/notes-list';
import { TrashRetentionNotice } from '../../features/notes/list/trash-retention-notice';
import { emptyTrashMessages } from '../../features/notes/messages';
import { runNoteAction } from '../../features/notes/hooks/run-note-action';
import { useNoteList } from '../../features/notes/list/use-note-list';

/** /trash: the trashed notes, no editor, and "Empty trash" (asked first: it cannot be undone). */
export function TrashRoute() {
  const { notes } = useNoteList('TRASH', {});
  const emptyTrash = useEmptyTrash();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Trash</h1>
        {notes.length > 0 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(true)}
          >
            Empty trash
          </button>
        )}
      </div>
      <TrashRetentionNotice />
      <NotesList location="TRASH" filter={{}} filtering={false} onClearSearch={() => undefined} />
      {confirming && (
        <ConfirmDialog
          title="Empty trash?"
          message="Every note in the trash will be deleted forever. This cannot be undone."
          confirmLabel="Empty trash"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void runNoteAction(emptyTrash, emptyTrashMessages);
          }}
        />
      )}
    </>
  );
}
