import type { KeyboardEvent } from 'react';
import type { Editor } from 'slate';
import type { MarkKey } from './types';
import { activeListType, indent, outdent, toggleMark } from './editor-commands';

const MARK_KEYS: Record<string, MarkKey> = { b: 'bold', i: 'italic', u: 'underline' };

/**
 * Mark shortcuts (Ctrl/Cmd+B, I, U) and Tab / Shift+Tab nesting inside lists. Undo and redo
 * (Ctrl/Cmd+Z, Shift+Z, Ctrl+Y) are handled by slate-react itself. Tab outside a list is left
 * alone so the keyboard can still leave the editor.
 */
export function handleEditorKeyDown(editor: Editor, event: KeyboardEvent): void {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    const mark = MARK_KEYS[event.key.toLowerCase()];
    if (mark) {
      event.preventDefault();
      toggleMark(editor, mark);
    }
    return;
  }
  if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey && activeListType(editor)) {
    event.preventDefault();
    if (event.shiftKey) outdent(editor);
    else indent(editor);
  }
}
