import { Transforms } from 'slate';
import type { Editor } from 'slate';
import { ensureSelection } from '../editor-commands';
import type { ImageElement } from '../types';
import { imageUploads } from './image-uploads';

const scopes = new WeakMap<Editor, string>();

/** Names the note an editor's added images belong to (kept with them in this browser). */
export function setUploadScope(editor: Editor, noteId: string): void {
  scopes.set(editor, noteId);
}

/** The image files among a paste's, a drop's or a file picker's files. */
export function imageFilesIn(files: FileList | readonly File[] | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
}

/**
 * Inserts each file as an image at the cursor, shown at once from the file and uploaded (now, or
 * when the network is back); the content carries its local id until the server has it.
 */
export function insertImageFiles(editor: Editor, files: readonly File[]): void {
  if (files.length === 0) return;
  ensureSelection(editor);
  const queue = imageUploads();
  const noteId = scopes.get(editor) ?? 'new';
  for (const file of files) {
    const image: ImageElement = {
      type: 'image',
      url: '',
      upload: queue.add(file, noteId),
      children: [{ text: '' }],
    };
    Transforms.insertNodes(editor, image);
    Transforms.move(editor);
  }
}
