import { Editor, Element, Node, Range, Transforms } from 'slate';
import type { NodeEntry, Path } from 'slate';
import type {
  Alignment,
  ChecklistElement,
  ColorMarkKey,
  ImageElement,
  ListElement,
  ListType,
  MarkKey,
  RichElement,
  TextBlockType,
} from './types';
import { LIST_TYPES, MAX_INDENT, TEXT_BLOCK_TYPES } from './types';

/** True for ordered and unordered list elements. */
export const isList = (node: unknown): node is ListElement =>
  Element.isElement(node) && (LIST_TYPES as readonly string[]).includes(node.type);

/** True for a checklist (not for its items). */
export const isChecklist = (node: unknown): node is ChecklistElement =>
  Element.isElement(node) && node.type === 'checklist';

/** The blocks that hold text directly: paragraphs, headings, quotes, list and checklist items. */
export type TextHoldingType = TextBlockType | 'list-item' | 'check-item';

/** True for the blocks that hold text directly: paragraphs, headings, quotes and items. */
export const isTextBlock = (node: unknown): node is RichElement & { type: TextHoldingType } =>
  Element.isElement(node) &&
  (node.type === 'list-item' ||
    node.type === 'check-item' ||
    (TEXT_BLOCK_TYPES as readonly string[]).includes(node.type));

/** Puts the cursor at the end of the document when the editor has no selection yet. */
export function ensureSelection(editor: Editor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

/** True when the mark is on at the cursor (or across the whole selection). */
export function isMarkActive(editor: Editor, mark: MarkKey): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

/** Switches a mark on or off for the selection, or for the next typed text. */
export function toggleMark(editor: Editor, mark: MarkKey): void {
  ensureSelection(editor);
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

/** The text or background colour at the cursor, if any. */
export function activeColor(editor: Editor, key: ColorMarkKey): string | undefined {
  return Editor.marks(editor)?.[key];
}

/** Sets (or with null clears) the text or background colour of the selection. */
export function setColor(editor: Editor, key: ColorMarkKey, color: string | null): void {
  ensureSelection(editor);
  if (color) Editor.addMark(editor, key, color);
  else Editor.removeMark(editor, key);
}

function selectedTextBlocks(editor: Editor): NodeEntry<RichElement>[] {
  if (!editor.selection) return [];
  return Array.from(Editor.nodes<RichElement>(editor, { match: isTextBlock, mode: 'lowest' }));
}

/** The type of the first text block in the selection ('list-item' and 'check-item' in lists). */
export function activeBlockType(editor: Editor): TextHoldingType {
  const [entry] = selectedTextBlocks(editor);
  return entry && isTextBlock(entry[0]) ? entry[0].type : 'paragraph';
}

/** The type of the innermost list around the selection's anchor, if any. */
export function activeListType(editor: Editor): ListType | undefined {
  if (!editor.selection) return undefined;
  const entry = Editor.above<ListElement>(editor, {
    at: editor.selection.anchor,
    match: isList,
    mode: 'lowest',
  });
  return entry?.[0].type;
}

const isListItem = (node: Node): boolean => Element.isElement(node) && node.type === 'list-item';
const isCheckItem = (node: Node): boolean => Element.isElement(node) && node.type === 'check-item';

function unwrapAllLists(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: isList, split: true, mode: 'all' });
  Transforms.setNodes(editor, { type: 'paragraph' }, { match: isListItem });
}

/** True when the selection touches a checklist. */
export function isChecklistActive(editor: Editor): boolean {
  if (!editor.selection) return false;
  const [entry] = Editor.nodes(editor, { match: isChecklist });
  return !!entry;
}

/** The selected checklist items become paragraphs, splitting their checklist around them. */
function unwrapChecklists(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: isChecklist, split: true });
  Transforms.unsetNodes(editor, 'checked', { match: isCheckItem });
  Transforms.setNodes(editor, { type: 'paragraph' }, { match: isCheckItem });
}

/** Turns the selected blocks into paragraphs, headings or quotes (leaving any list). */
export function setBlockType(editor: Editor, type: TextBlockType): void {
  ensureSelection(editor);
  Editor.withoutNormalizing(editor, () => {
    if (activeListType(editor)) unwrapAllLists(editor);
    if (isChecklistActive(editor)) unwrapChecklists(editor);
    Transforms.setNodes(editor, { type }, { match: isTextBlock, mode: 'lowest' });
  });
}

/**
 * Turns the selected lines into checklist items (open ones; list items leave their list), or,
 * when the selection is in a checklist, turns its items back into paragraphs.
 */
export function toggleChecklist(editor: Editor): void {
  ensureSelection(editor);
  Editor.withoutNormalizing(editor, () => {
    if (isChecklistActive(editor)) {
      unwrapChecklists(editor);
      return;
    }
    if (activeListType(editor)) unwrapAllLists(editor);
    Transforms.unsetNodes(editor, 'indent', { match: isTextBlock, mode: 'lowest' });
    Transforms.setNodes(
      editor,
      { type: 'check-item', checked: false },
      { match: isTextBlock, mode: 'lowest' },
    );
    Transforms.wrapNodes(editor, { type: 'checklist', children: [] }, { match: isCheckItem });
  });
}

/** Turns the text block at `path` into a checklist item (its neighbours' list, if any). */
export function makeCheckItem(editor: Editor, path: Path, checked: boolean): void {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unsetNodes(editor, 'indent', { at: path });
    Transforms.setNodes(editor, { type: 'check-item', checked }, { at: path });
    Transforms.wrapNodes(editor, { type: 'checklist', children: [] }, { at: path });
  });
}

/** Takes the checklist item at the cursor out of its checklist, as a paragraph in its place. */
export function leaveChecklist(editor: Editor): void {
  Editor.withoutNormalizing(editor, () => unwrapChecklists(editor));
}

/** Wraps the selected blocks in a list, switches the list's kind, or leaves the list. */
export function toggleList(editor: Editor, type: ListType): void {
  ensureSelection(editor);
  const current = activeListType(editor);
  Editor.withoutNormalizing(editor, () => {
    if (isChecklistActive(editor)) unwrapChecklists(editor);
    if (current === type) {
      unwrapAllLists(editor);
    } else if (current) {
      Transforms.setNodes(editor, { type }, { match: isList, mode: 'lowest' });
    } else {
      Transforms.unsetNodes(editor, 'indent', { match: isTextBlock, mode: 'lowest' });
      Transforms.setNodes(editor, { type: 'list-item' }, { match: isTextBlock, mode: 'lowest' });
      Transforms.wrapNodes(editor, { type, children: [] }, { match: isListItem });
    }
  });
}

/** The alignment of the first selected block. */
export function activeAlignment(editor: Editor): Alignment {
  const [entry] = selectedTextBlocks(editor);
  return (entry && 'align' in entry[0] ? entry[0].align : undefined) ?? 'left';
}

/** Aligns the selected blocks; left is the default and is stored as no alignment. */
export function setAlignment(editor: Editor, align: Alignment): void {
  ensureSelection(editor);
  if (align === 'left')
    Transforms.unsetNodes(editor, 'align', { match: isTextBlock, mode: 'lowest' });
  else Transforms.setNodes(editor, { align }, { match: isTextBlock, mode: 'lowest' });
}

function inListItem(editor: Editor): boolean {
  return selectedTextBlocks(editor).some(([node]) => node.type === 'list-item');
}

/** Nests selected list items one level deeper, or indents other blocks by 40 px. */
export function indent(editor: Editor): void {
  ensureSelection(editor);
  if (inListItem(editor)) {
    const listType = activeListType(editor) ?? 'bulleted-list';
    Transforms.wrapNodes(
      editor,
      { type: listType, children: [] },
      { match: isListItem, mode: 'lowest' },
    );
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    for (const [node, path] of selectedTextBlocks(editor)) {
      const level = 'indent' in node ? (node.indent ?? 0) : 0;
      if (level < MAX_INDENT) Transforms.setNodes(editor, { indent: level + 1 }, { at: path });
    }
  });
}

/** Lifts selected list items one level (out of the list at the top), or outdents other blocks. */
export function outdent(editor: Editor): void {
  ensureSelection(editor);
  if (inListItem(editor)) {
    Transforms.liftNodes(editor, { match: isListItem, mode: 'lowest' });
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    for (const [node, path] of selectedTextBlocks(editor)) {
      const level = 'indent' in node ? (node.indent ?? 0) : 0;
      if (level > 1) Transforms.setNodes(editor, { indent: level - 1 }, { at: path });
      else if (level === 1) Transforms.unsetNodes(editor, 'indent', { at: path });
    }
  });
}

/** Inserts text (an emoji) at the cursor, replacing any selected text. */
export function insertText(editor: Editor, text: string): void {
  ensureSelection(editor);
  Transforms.insertText(editor, text);
}

/** Inserts an image at the cursor and puts the cursor after it. */
export function insertImage(editor: Editor, url: string, alt = ''): void {
  ensureSelection(editor);
  const image: ImageElement = { type: 'image', url, children: [{ text: '' }] };
  if (alt) image.alt = alt;
  Transforms.insertNodes(editor, image);
  Transforms.move(editor);
}

/** True when the cursor is collapsed at the very start of its text block. */
export function isAtBlockStart(editor: Editor): boolean {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return false;
  const entry = Editor.above(editor, { match: isTextBlock, mode: 'lowest' });
  return !!entry && Editor.isStart(editor, selection.anchor, entry[1]);
}

/** The innermost text block around the cursor. */
export function currentTextBlock(editor: Editor): NodeEntry<RichElement> | undefined {
  return Editor.above<RichElement>(editor, { match: isTextBlock, mode: 'lowest' });
}

/** True when a text block shows nothing (no text and no image). */
export function isEmptyBlock(node: RichElement): boolean {
  return (
    Node.string(node) === '' &&
    !node.children.some((child) => Element.isElement(child) && child.type === 'image')
  );
}
