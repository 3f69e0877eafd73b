import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

export type Alignment = 'left' | 'center' | 'right' | 'justify';

/** Block-level presentation shared by every block that holds text. */
export interface BlockProps {
  align?: Alignment;
  /** Indentation level; each level is 40 px of left margin. */
  indent?: number;
}

export type TextBlockType =
  'paragraph' | 'heading-one' | 'heading-two' | 'heading-three' | 'block-quote';
export type ListType = 'numbered-list' | 'bulleted-list';

export interface FormattedText {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strikethrough?: true;
  color?: string;
  background?: string;
}

export interface LinkElement {
  type: 'link';
  url: string;
  children: FormattedText[];
}

/** Images are inline voids so that they can sit inside any paragraph, as they do in HTML. */
export interface ImageElement {
  type: 'image';
  /** Empty while the image waits to be uploaded. */
  url: string;
  alt?: string;
  /**
   * The local id (uploads/upload-queue.ts) of an image added here and not yet on the server;
   * stored as `<img data-upload="…">`, which only this browser ever holds.
   */
  upload?: string;
  children: [FormattedText];
}

export type InlineNode = FormattedText | LinkElement | ImageElement;

export interface TextBlockElement extends BlockProps {
  type: TextBlockType;
  children: InlineNode[];
}

export interface ListItemElement extends BlockProps {
  type: 'list-item';
  children: InlineNode[];
}

/**
 * A nested list is a sibling of the list items inside its parent list (Slate forbids mixing
 * text and blocks in one element); the serialiser moves it into the preceding <li>.
 */
export interface ListElement extends BlockProps {
  type: ListType;
  children: (ListItemElement | ListElement)[];
}

/** One item of a checklist: its text and whether it is ticked. */
export interface CheckItemElement extends BlockProps {
  type: 'check-item';
  checked: boolean;
  children: InlineNode[];
}

/** A checklist, stored as `<ul data-checklist>`; flat: its items hold text, never lists. */
export interface ChecklistElement extends BlockProps {
  type: 'checklist';
  children: CheckItemElement[];
}

export type BlockElement =
  TextBlockElement | ListElement | ListItemElement | ChecklistElement | CheckItemElement;
export type RichElement = BlockElement | LinkElement | ImageElement;

export type MarkKey = 'bold' | 'italic' | 'underline' | 'strikethrough';
export type ColorMarkKey = 'color' | 'background';

export type RichEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichEditor;
    Element: RichElement;
    Text: FormattedText;
  }
}

export type { Descendant };

export const LIST_TYPES: readonly ListType[] = ['numbered-list', 'bulleted-list'];
export const TEXT_BLOCK_TYPES: readonly TextBlockType[] = [
  'paragraph',
  'heading-one',
  'heading-two',
  'heading-three',
  'block-quote',
];
export const INDENT_STEP_PX = 40;
export const MAX_INDENT = 8;
