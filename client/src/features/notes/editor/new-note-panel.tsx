import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { NoteLocation } from '../../../gql/graphql';
import { preloadRichTextEditor } from '../../../components/rich-text';
import { whenIdleAfterPaint } from '../../../lib/when-idle';
import { useNotesUi } from '../hooks/notes-ui-context';
import { NoteEditor } from './note-editor';

/** The one line the new-note area rests as (Keep's), its placeholder and accessible name. */
export const QUICK_ADD_LABEL = 'Take a note…';

/**
 * The new-note area of /home, /archive and a label's page (a new note there starts with that
 * label). It rests as one line, "Take a note…"; a click or a tap on it, Enter, or typing into
 * it opens the new-note editor with the focus in the body (and what was typed there). `c` opens it with the focus in the title. Esc or a press outside saves
 * what was typed and closes it (note-editor.tsx); after Add it is one line again.
 *
 * The bar opens the editor once the editor's code is in: until then it keeps taking what is
 * typed, so no keystroke is lost on a slow phone, and the body takes the focus in the same
 * render that removes the bar.
 */
export function NewNotePanel({ location, label }: { location: NoteLocation; label?: string }) {
  const { isNewNoteOpen, setNewNoteOpen, newNoteFocus, newNoteFocused } = useNotesUi();
  const panelRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLInputElement>(null);
  // What was typed into the bar: the lines ended with Enter, and the line in the bar.
  const [lines, setLines] = useState('');
  const [typed, setTyped] = useState('');
  const opening = useRef(false);
  const refocusBar = useRef(false);

  const openFromBar = () => {
    if (opening.current) return;
    opening.current = true;
    const open = () => {
      opening.current = false;
      setNewNoteOpen(true);
    };
    // Offline without the editor's code, the editor opens anyway and says it is loading.
    void preloadRichTextEditor().then(open, open);
  };

  // The editor's code comes once the page is idle, so the bar opens at once when pressed.
  useEffect(
    () => whenIdleAfterPaint(() => void preloadRichTextEditor().catch(() => undefined)),
    [],
  );

  const close = () => {
    // Closed from inside (Esc, Add, Cancel): the focus goes back to the bar, not to the page.
    refocusBar.current = panelRef.current?.contains(document.activeElement) ?? false;
    setLines('');
    setTyped('');
    setNewNoteOpen(false);
  };

  useLayoutEffect(() => {
    if (!isNewNoteOpen) {
      if (refocusBar.current) barRef.current?.focus();
      refocusBar.current = false;
      return;
    }
    if (!newNoteFocus) return;
    const panel = panelRef.current;
    const target = panel?.querySelector<HTMLElement>(
      newNoteFocus === 'title' ? '.note-editor__title' : '.rt-content[contenteditable="true"]',
    );
    // A body still loading takes the focus when it arrives (NoteEditor's focusBody).
    if (target && !target.contains(document.activeElement)) target.focus();
    newNoteFocused();
  }, [isNewNoteOpen, newNoteFocus, newNoteFocused]);

  if (!isNewNoteOpen) {
    return (
      <div className="quick-add">
        <input
          ref={barRef}
          type="text"
          className="quick-add__bar"
          placeholder={QUICK_ADD_LABEL}
          aria-label={QUICK_ADD_LABEL}
          autoComplete="off"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            openFromBar();
          }}
          onClick={openFromBar}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            // After some text (typed while the editor was on its way), Enter is a new line.
            if (lines !== '' || typed !== '') {
              setLines(`${lines}${typed}\n`);
              setTyped('');
            }
            openFromBar();
          }}
        />
      </div>
    );
  }
  return (
    <div ref={panelRef} className="new-note-panel">
      <NoteEditor
        location={location}
        onClose={close}
        quickAdd
        initialText={lines + typed}
        focusBody={newNoteFocus === 'body'}
        initialTags={label === undefined ? undefined : [label]}
      />
    </div>
  );
}
