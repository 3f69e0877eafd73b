import { NotesList } from '../../features/notes/components/notes-list';

/** /trash: the trashed notes, no editor. */
export function TrashRoute() {
  return (
    <>
      <h1 className="page-title">Trash</h1>
      <NotesList location="TRASH" filter={{}} filtering={false} onClearSearch={() => undefined} />
    </>
  );
}
