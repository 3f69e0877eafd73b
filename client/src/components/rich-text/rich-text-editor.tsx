import { useCallback, useEffect, useRef, useState } from 'react';
import type { Descendant } from 'slate';
import { Editor, Transforms } from 'slate';
import { Editable, ReactEditor, Slate } from 'slate-react';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import { slateToText } from './plain-text';
import { createRichEditor } from './with-rich-text';
import { renderElement, renderLeaf } from './editor-elements';
import { handleEditorKeyDown } from './keyboard';
import { Toolbar } from './toolbar';
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
}: Omit<RichTextEditorProps, 'resetKey'>) {
  const [editor] = useState(createRichEditor);
  const [initialValue] = useState(() => htmlToSlate(initialHtml));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const [focusOnMount] = useState(autoFocus);
  useEffect(() => {
    if (!focusOnMount) return;
    Transforms.select(editor, Editor.end(editor, []));
    ReactEditor.focus(editor);
  }, [editor, focusOnMount]);

  const handleValueChange = useCallback((value: Descendant[]) => {
    onChangeRef.current(slateToHtml(value), slateToText(value));
  }, []);

  return (
    <div className="rt-editor">
      <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
        <Toolbar />
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
        />
      </Slate>
    </div>
  );
}
