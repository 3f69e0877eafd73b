import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Descendant } from 'slate';
import { Editor, Transforms } from 'slate';
import { Editable, ReactEditor, Slate } from 'slate-react';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import { slateToText } from './plain-text';
import { createRichEditor } from './with-rich-text';
import { imageFilesIn, setUploadScope } from './uploads/image-files';
import { renderElement, renderLeaf } from './editor-elements';
import { handleEditorKeyDown } from './keyboard';
import { Toolbar } from './toolbar';
import { useEditorFocusRequests } from './focus-request';
import './rich-text.css';

/** The body's least height, from rich-text.css (shorter on phones). */
const EDITABLE_STYLE = { minHeight: 'var(--rt-body-min-height)' } as const;

export interface RichTextEditorProps {
  /** HTML to start from; read again whenever `resetKey` changes. */
  initialHtml: string;
  /** Called after every content change with the stored HTML and the plain text. */
  onChange: (html: string, text: string) => void;
  /** Changing it resets the content to the current `initialHtml` and clears undo history. */
  resetKey?: string | number;
  /** Accessible name of the editable area. */
  ariaLabel?: string;
  /** Puts the caret at the end of the text and focuses it on mount. */
  autoFocus?: boolean;
  /** Each new value (from 1 on) puts the focus in the text, at its end. */
  focusKey?: number;
  /** The note whose body this is (`new` for a new note): images added here are kept with it. */
  noteId?: string;
}

/**
 * Uncontrolled rich-text editor with the toolbar of spec §9. A new `resetKey` mounts a fresh
 * Slate editor, which is the reliable way to replace its whole value and history at once.
 */
export function RichTextEditor({ resetKey, ...props }: RichTextEditorProps) {
  return <EditorInstance key={resetKey ?? 'initial'} {...props} />;
}

function EditorInstance({
  initialHtml,
  onChange,
  ariaLabel = 'Note body',
  autoFocus = false,
  focusKey = 0,
  noteId = 'new',
}: Omit<RichTextEditorProps, 'resetKey'>) {
  const [editor] = useState(createRichEditor);
  const [initialValue] = useState(() => htmlToSlate(initialHtml));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEditorFocusRequests(editor);
  useEffect(() => setUploadScope(editor, noteId), [editor, noteId]);

  // Focused before the browser paints, so a key pressed just after the editor appears lands in
  // it. The focus goes first: with a selection change still pending, slate-dom would put it off
  // to a timer. The caret then moves to the end, which Slate draws with the next render.
  const [focusOnMount] = useState(autoFocus);
  const focusAtEnd = useCallback(() => {
    ReactEditor.focus(editor);
    Transforms.select(editor, Editor.end(editor, []));
  }, [editor]);
  useLayoutEffect(() => {
    if (focusOnMount) focusAtEnd();
  }, [focusOnMount, focusAtEnd]);
  const focusedKey = useRef(focusKey);
  useLayoutEffect(() => {
    if (focusKey === focusedKey.current) return;
    focusedKey.current = focusKey;
    if (focusKey > 0) focusAtEnd();
  }, [focusKey, focusAtEnd]);

  const handleValueChange = useCallback((value: Descendant[]) => {
    onChangeRef.current(slateToHtml(value), slateToText(value));
  }, []);

  return (
    <div className="rt-editor">
      <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
        <Editable
          className="rt-content"
          // Slate sets an inline min-height while the placeholder shows; this keeps ours.
          style={EDITABLE_STYLE}
          aria-label={ariaLabel}
          placeholder="Take a note…"
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          spellCheck
          onKeyDown={(event) => handleEditorKeyDown(editor, event)}
          onPaste={(event) => {
            // Chrome's paste reaches Slate as a beforeinput, whose data may lack the files: a
            // picture on the clipboard is taken here, before it (editor.insertData decides).
            if (imageFilesIn(event.clipboardData.files).length === 0) return;
            event.preventDefault();
            editor.insertData(event.clipboardData);
          }}
        />
        {/* After the text in the tab order, so Tab from a title reaches the text first; shown
            above it (rich-text.css). */}
        <Toolbar />
      </Slate>
    </div>
  );
}
