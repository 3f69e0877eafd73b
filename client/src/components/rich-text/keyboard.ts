import type { KeyboardEvent } from 'react';
import type { Editor } from 'slate';
import type { MarkKey } from './types';
import { activeListType, indent, outdent, toggleMark } from './editor-commands';

const MARK_KEYS: Record<string, MarkKey> = { b: 'bold', i: 'italic', u: 'underline' };

/**
 * Mark shortcuts (Ctrl/Cmd+B, I, U), undo and redo (Ctrl/Cmd+Z, Shift+Z, Ctrl+Y) and Tab /
 * Shift+Tab nesting inside lists. Tab outside a list is left alone so the keyboard can still
 * leave the editor.
 */
export function handleEditorKeyDown(editor: Editor, event: KeyboardEvent): void {
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey && (key === 'z' || key === 'y')) {
    event.preventDefault();
    if (key === 'y' || event.shiftKey) editor.redo();
    else editor.undo();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    const mark = MARK_KEYS[key];
    if (mark) {
      event.preventDefault();
      toggleMark(editor, mark);
    }
    return;
  }
  if (
    event.key === 'Tab' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    activeListType(editor)
  ) {
    event.preventDefault();
    if (event.shiftKey) outdent(editor);
    else indent(editor);
  }
}
