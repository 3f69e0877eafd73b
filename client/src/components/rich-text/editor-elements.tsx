import type { ReactNode } from 'react';
import type { RenderElementProps, RenderLeafProps } from 'slate-react';
import { Node, Transforms } from 'slate';
import { ReactEditor, useSlateStatic } from 'slate-react';
import type { CheckItemElement, ListElement } from './types';
import { EditorImage } from './editor-image';
import { isList } from './editor-commands';
import { BLOCK_TAG, blockStyle, leafPresentation, wrapMarks } from './node-styles';

/**
 * A list nested in a list is a sibling of the items in Slate; an <li> around it keeps the HTML
 * valid (a list may only hold items).
 */
function EditorList({
  attributes,
  children,
  element,
}: RenderElementProps & { element: ListElement }) {
  const editor = useSlateStatic();
  const path = ReactEditor.findPath(editor, element);
  const nested = path.length > 1 && isList(Node.parent(editor, path));
  const Tag = BLOCK_TAG[element.type];
  if (!nested) {
    return (
      <Tag {...attributes} style={blockStyle(element)}>
        {children as ReactNode}
      </Tag>
    );
  }
  return (
    <li {...attributes} className="rt-nested-item">
      <Tag style={blockStyle(element)}>{children as ReactNode}</Tag>
    </li>
  );
}

/**
 * A checklist item: a real checkbox (outside the editable text, named by the item's text) that
 * ticks the item, and the text.
 */
function EditorCheckItem({
  attributes,
  children,
  element,
}: RenderElementProps & { element: CheckItemElement }) {
  const editor = useSlateStatic();
  const text = Node.string(element);
  return (
    <li
      {...attributes}
      className={element.checked ? 'rt-check-item rt-check-item--ticked' : 'rt-check-item'}
      style={blockStyle(element)}
    >
      <span contentEditable={false} className="rt-check-item__box">
        <input
          type="checkbox"
          className="rt-checkbox"
          checked={element.checked}
          aria-label={text || 'Empty checklist item'}
          onChange={(event) =>
            Transforms.setNodes(
              editor,
              { checked: event.target.checked },
              { at: ReactEditor.findPath(editor, element) },
            )
          }
        />
      </span>
      <span className="rt-check-item__text">{children as ReactNode}</span>
    </li>
  );
}

/** Renders one Slate element inside the editable area. */
export function renderElement(props: RenderElementProps) {
  const { attributes, element } = props;
  const children = props.children as ReactNode;
  if (element.type === 'image') return <EditorImage {...props} element={element} />;
  if (isList(element)) return <EditorList {...props} element={element} />;
  if (element.type === 'check-item') return <EditorCheckItem {...props} element={element} />;
  if (element.type === 'checklist') {
    return (
      <ul {...attributes} className="rt-checklist" style={blockStyle(element)}>
        {children}
      </ul>
    );
  }
  if (element.type === 'link') {
    return (
      <a {...attributes} href={element.url} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  const Tag = BLOCK_TAG[element.type];
  return (
    <Tag {...attributes} style={blockStyle(element)}>
      {children}
    </Tag>
  );
}

/** Renders one text leaf with its marks and colours. */
export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  return (
    <span {...attributes} {...leafPresentation(leaf)}>
      {wrapMarks(leaf, children as ReactNode)}
    </span>
  );
}
