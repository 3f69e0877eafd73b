import { useEffect, useRef } from 'react';
import type { NoteLocation } from '../../../gql/graphql';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteEditor } from './note-editor';

/**
 * The new-note editor, shown while the new-note panel is open. When the keyboard asked for a new
 * note (`c`), its title takes the focus.
 */
export function NewNotePanel({ location }: { location: NoteLocation }) {
  const { isNewNoteOpen, setNewNoteOpen, newNoteFocus, newNoteFocused } = useNotesUi();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!newNoteFocus || !isNewNoteOpen) return;
    panelRef.current?.querySelector<HTMLElement>('.note-editor__title')?.focus();
    newNoteFocused();
  }, [newNoteFocus, isNewNoteOpen, newNoteFocused]);

  if (!isNewNoteOpen) return null;
  return (
    <div ref={panelRef} className="new-note-panel">
      <NoteEditor location={location} onClose={() => setNewNoteOpen(false)} />
    </div>
  );
}
