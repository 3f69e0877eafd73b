import { useEffect, useState } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';

/**
 * Focus for the text after a toolbar edit. Focusing in the click handler, before React has drawn
 * the change, makes slate-dom retry on a 10 ms timer and throw "Cannot resolve a DOM node from
 * Slate node" when the DOM is not there yet; a request is served in an effect instead, after the
 * render that drew the change.
 */
const requests = new WeakMap<Editor, () => void>();

/** Asks the editor to take the focus once the change just made is on screen. */
export function requestEditorFocus(editor: Editor): void {
  const request = requests.get(editor);
  if (request) request();
  else ReactEditor.focus(editor);
}

/** Serves `requestEditorFocus` for `editor`; used once, by the component that owns it. */
export function useEditorFocusRequests(editor: Editor): void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    requests.set(editor, () => setAsked((n) => n + 1));
    return () => {
      requests.delete(editor);
    };
  }, [editor]);
  useEffect(() => {
    if (asked > 0 && ReactEditor.isMounted(editor)) ReactEditor.focus(editor);
  }, [asked, editor]);
}
