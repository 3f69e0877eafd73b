import { Editor, Element, Node, Text, Transforms } from 'slate';
import type { Path } from 'slate';
import type { ListElement } from './types';
import { createEditor } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { currentTextBlock, isAtBlockStart, isEmptyBlock, isList, outdent } from './editor-commands';

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
 * Teaches a Slate editor this component's schema: links and images are inline, images are void,
 * list children are always items or nested lists, items never live outside a list, Enter on an
 * empty item leaves the list, and Backspace at the start of a formatted block undoes its format.
 */
export function withRichText(editor: Editor): Editor {
  const { isInline, isVoid, normalizeNode, insertBreak, deleteBackward } = editor;

  editor.isInline = (element) =>
    element.type === 'link' || element.type === 'image' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
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

  editor.insertBreak = () => {
    const entry = currentTextBlock(editor);
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

  return editor;
}

/** A new editor with React bindings, undo history and this component's schema. */
export function createRichEditor(): Editor {
  return withRichText(withHistory(withReact(createEditor())));
}
