/** Public interface of the rich-text component: the editor, the read-only view and the converters. */
// The editor as the app uses it: Slate loaded lazily behind a same-size placeholder.
export { RichTextEditor, loadRichTextEditor } from './lazy-rich-text-editor';
export type { RichTextEditorProps } from './rich-text-editor';
export { RichTextView } from './rich-text-view';
export type { RichTextViewProps } from './rich-text-view';
export { htmlToSlate } from './html-deserialize';
export { slateToHtml } from './html-serialize';
export { isHtmlEmpty, slateToText } from './plain-text';
export type { Descendant } from 'slate';
