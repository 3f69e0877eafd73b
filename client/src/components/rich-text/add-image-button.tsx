import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { useSlateStatic } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import { ToolbarButton } from './toolbar-button';
import { imageFilesIn, insertImageFiles } from './uploads/image-files';

/**
 * "Add image": a file picker for images (a phone offers its camera too), each inserted at the
 * cursor and uploaded.
 */
export function AddImageButton() {
  const editor = useSlateStatic();
  const input = useRef<HTMLInputElement>(null);
  return (
    // One item of the toolbar's shape (lazy-rich-text-editor.tsx), the hidden picker inside.
    <span className="rt-file-button">
      <ToolbarButton label="Add image" onAction={() => input.current?.click()}>
        <Camera size={16} aria-hidden="true" />
      </ToolbarButton>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Image files"
        onChange={(event) => {
          insertImageFiles(editor, imageFilesIn(event.target.files));
          event.target.value = '';
          requestEditorFocus(editor);
        }}
      />
    </span>
  );
}
