/** Public interface of the rich-text component: the editor, the read-only view and the converters. */
// The editor as the app uses it: Slate loaded when the editor first mounts.
export { RichTextEditor, preloadRichTextEditor } from './lazy-rich-text-editor';
export type { RichTextEditorProps } from './rich-text-editor';
export { RichTextView } from './rich-text-view';
export type { RichTextViewProps } from './rich-text-view';
export { htmlToText, isHtmlEmpty } from './plain-text';
export { toggleChecklistItem } from './checklist';
export { hasPendingImages, imageUploads, withUploadedImages } from './uploads/image-uploads';
export type { ChecklistItemRef } from './checklist';
