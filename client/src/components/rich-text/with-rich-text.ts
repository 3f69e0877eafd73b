import { Editor, Element, Node, Path, Range, Text, Transforms } from 'slate';
import type { Descendant, NodeEntry } from 'slate';
import type { ListElement } from './types';
import { createEditor } from 'slate';
import { HistoryEditor, withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { htmlToSlate } from './html-deserialize';
import { imageFilesIn, insertImageFiles } from './uploads/image-files';
import {
  currentTextBlock,
  isAtBlockStart,
  isChecklist,
  isEmptyBlock,
  isList,
  leaveChecklist,
  makeCheckItem,
  outdent,
} from './editor-commands';

/** What typed at the start of a line, then a space, makes it a checklist item (and ticked?). */
const CHECK_ITEM_MARKERS: Record<string, boolean> = {
  '[ ]': false,
  '[]': false,
  '[x]': true,
  '[X]': true,
};

/** The block types a typed `[ ] ` turns into a checklist item (not list items or headings). */
const AUTOFORMAT_TYPES = new Set(['paragraph', 'block-quote']);

/**
 * Neighbouring nested lists of one kind are one list (indenting item after item creates them).
 * Returns true when it merged something.
 */
function mergeWithNeighbourList(editor: Editor, node: ListElement, path: Path): boolean {
  if (path.length < 2 || !isList(Node.parent(editor, path))) return false;
  const index = path[path.length - 1] ?? 0;
  if (index > 0) {
    const previous = Node.get(editor, [...path.slice(0, -1), index - 1]);
    if (isList(previous) && previous.type === node.type) {
      Transforms.mergeNodes(editor, { at: path });
      return true;
    }
  }
  const nextPath = [...path.slice(0, -1), index + 1];
  const next = Node.has(editor, nextPath) ? Node.get(editor, nextPath) : undefined;
  if (isList(next) && next.type === node.type) {
    Transforms.mergeNodes(editor, { at: nextPath });
    return true;
  }
  return false;
}

/**
 * A checklist holds only items, each with a state; an item never lives outside a checklist, and
 * neighbouring checklists are one. Returns true when it changed something.
 */
function normalizeChecklist(editor: Editor, [node, path]: NodeEntry): boolean {
  if (isChecklist(node)) {
    if (node.children.length === 0) {
      Transforms.removeNodes(editor, { at: path });
      return true;
    }
    for (const [child, childPath] of Node.children(editor, path)) {
      if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child))) {
        Transforms.wrapNodes(
          editor,
          { type: 'check-item', checked: false, children: [] },
          { at: childPath },
        );
        return true;
      }
      if (Element.isElement(child) && child.type !== 'check-item') {
        // A list or checklist inside gives up its items (checklists are flat); a block of text
        // becomes an item.
        if (Editor.hasBlocks(editor, child)) Transforms.unwrapNodes(editor, { at: childPath });
        else Transforms.setNodes(editor, { type: 'check-item', checked: false }, { at: childPath });
        return true;
      }
      if (Element.isElement(child) && typeof child.checked !== 'boolean') {
        Transforms.setNodes(editor, { checked: false }, { at: childPath });
        return true;
      }
    }
    if (Path.hasPrevious(path) && isChecklist(Node.get(editor, Path.previous(path)))) {
      Transforms.mergeNodes(editor, { at: path });
      return true;
    }
    const next = Path.next(path);
    if (Node.has(editor, next) && isChecklist(Node.get(editor, next))) {
      Transforms.mergeNodes(editor, { at: next });
      return true;
    }
    return false;
  }
  if (Element.isElement(node) && node.type === 'check-item' && path.length > 0) {
    if (!isChecklist(Node.parent(editor, path))) {
      Transforms.unsetNodes(editor, 'checked', { at: path });
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
      return true;
    }
  }
  return false;
}

/**
 * Typing `[ ] ` (or `[x] `) at the start of a paragraph makes it a checklist item. The space is
 * typed first and the change is its own undo step, so Undo gives back the text as typed.
 * Returns true when it typed the space.
 */
function autoformatCheckItem(editor: Editor, text: string, insertText: () => void): boolean {
  const { selection } = editor;
  if (text !== ' ' || !selection || !Range.isCollapsed(selection)) return false;
  const entry = currentTextBlock(editor);
  if (!entry || !AUTOFORMAT_TYPES.has(entry[0].type)) return false;
  const [, path] = entry;
  const start = Editor.start(editor, path);
  const checked =
    CHECK_ITEM_MARKERS[Editor.string(editor, { anchor: start, focus: selection.anchor })];
  if (checked === undefined) return false;
  insertText();
  HistoryEditor.withNewBatch(editor, () =>
    Editor.withoutNormalizing(editor, () => {
      if (!editor.selection) return;
      Transforms.delete(editor, { at: { anchor: start, focus: editor.selection.anchor } });
      makeCheckItem(editor, path, checked);
    }),
  );
  return true;
}

/** Enter in a checklist item: a new open item; on an empty item, out of the checklist. */
function breakInCheckItem(editor: Editor, insertBreak: () => void): void {
  const entry = currentTextBlock(editor);
  if (!entry) return;
  if (isEmptyBlock(entry[0])) {
    leaveChecklist(editor);
    return;
  }
  // At the start the new (empty) item goes above, and the cursor stays with the text.
  const atStart = isAtBlockStart(editor);
  insertBreak();
  const after = currentTextBlock(editor);
  if (!after) return;
  Transforms.setNodes(
    editor,
    { checked: false },
    { at: atStart ? Path.previous(after[1]) : after[1] },
  );
}

/**
 * Teaches a Slate editor this component's schema: links and images are inline, images are void,
 * list children are always items or nested lists, items never live outside a list, Enter on an
 * empty item leaves the list, and Backspace at the start of a formatted block undoes its format.
 * Checklists: `[ ] ` or `[x] ` at the start of a line makes an item, Enter adds an open item, and
 * Enter on an empty item or Backspace at the start of one leaves the checklist.
 */
export function withRichText(editor: Editor): Editor {
  const { isInline, isVoid, normalizeNode, insertBreak, insertText, deleteBackward } = editor;

  editor.isInline = (element) =>
    element.type === 'link' || element.type === 'image' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (normalizeChecklist(editor, entry)) return;
    if (Editor.isEditor(node) && node.children.length === 0) {
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: [0] });
      return;
    }
    if (isList(node)) {
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child) || (Element.isElement(child) && Editor.isInline(editor, child))) {
          Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at: childPath });
          return;
        }
        if (Element.isElement(child) && !isList(child) && child.type !== 'list-item') {
          Transforms.setNodes(editor, { type: 'list-item' }, { at: childPath });
          return;
        }
      }
      if (mergeWithNeighbourList(editor, node, path)) return;
    }
    if (Element.isElement(node) && node.type === 'list-item' && path.length > 0) {
      const parent = Node.parent(editor, path);
      if (!isList(parent)) {
        Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
        return;
      }
    }
    normalizeNode(entry, options);
  };

  editor.insertText = (text, options) => {
    const type = () => insertText(text, options);
    if (!autoformatCheckItem(editor, text, type)) type();
  };

  editor.insertBreak = () => {
    const entry = currentTextBlock(editor);
    if (entry && entry[0].type === 'check-item') {
      breakInCheckItem(editor, insertBreak);
      return;
    }
    if (entry && entry[0].type === 'list-item' && isEmptyBlock(entry[0])) {
      outdent(editor);
      return;
    }
    insertBreak();
    const after = currentTextBlock(editor);
    if (after && after[0].type.startsWith('heading') && isEmptyBlock(after[0])) {
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: after[1] });
    }
  };

  editor.deleteBackward = (unit) => {
    const entry = currentTextBlock(editor);
    if (entry && isAtBlockStart(editor)) {
      const [node, path] = entry;
      if (node.type === 'check-item') {
        leaveChecklist(editor);
        return;
      }
      if (node.type === 'list-item') {
        outdent(editor);
        return;
      }
      if ('indent' in node && node.indent) {
        outdent(editor);
        return;
      }
      if (node.type !== 'paragraph' && isEmptyBlock(node)) {
        Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
        return;
      }
    }
    deleteBackward(unit);
  };

  // Rich text pasted from a web page or a word processor keeps its formatting: its HTML goes
  // through the deserializer, which keeps only what the editor knows and drops unsafe links and
  // images. A copy from a Slate editor still pastes its own fragment.
  const { insertData } = editor;
  editor.insertData = (data) => {
    // A picture on its own (a screenshot, a copied or dropped photo) is uploaded; a copy that
    // also has text (a word processor adds a picture of it) is taken as text.
    const images = imageFilesIn(data.files);
    if (images.length > 0 && data.getData('text/plain').trim() === '') {
      insertImageFiles(editor, images);
      return;
    }
    const html = data.getData('text/html');
    if (html && !data.getData('application/x-slate-fragment')) {
      const fragment = htmlToSlate(html);
      if (fragment.some((node) => Node.string(node).trim() !== '' || hasImage(node))) {
        insertBlocks(editor, fragment);
        return;
      }
    }
    insertData(data);
  };

  return editor;
}

/**
 * Inserts pasted blocks. Into an empty top-level line they replace it, so a pasted heading or
 * list stays one (Slate's insertFragment would pour the first block into the empty paragraph);
 * elsewhere they merge into the text around the cursor as Slate does.
 */
function insertBlocks(editor: Editor, fragment: Descendant[]): void {
  const entry = currentTextBlock(editor);
  if (!entry || !isEmptyBlock(entry[0]) || entry[1].length !== 1 || !editor.selection) {
    Transforms.insertFragment(editor, fragment);
    return;
  }
  const at = entry[1];
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at });
    Transforms.insertNodes(editor, fragment, { at });
  });
  const last = [(at[0] ?? 0) + fragment.length - 1];
  Transforms.select(editor, Editor.end(editor, last));
}

const hasImage = (node: Node): boolean =>
  Element.isElement(node) && (node.type === 'image' || node.children.some(hasImage));

/** A new editor with React bindings, undo history and this component's schema. */
export function createRichEditor(): Editor {
  return withRichText(withHistory(withReact(createEditor())));
}
