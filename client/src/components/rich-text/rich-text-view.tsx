import { Fragment, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Descendant } from 'slate';
import type { FormattedText, InlineNode, ListElement } from './types';
import { htmlToSlate } from './html-deserialize';
import { BLOCK_TAG, blockStyle, leafPresentation, wrapMarks } from './node-styles';
import './rich-text.css';

export interface RichTextViewProps {
  /** Stored note HTML; read through the editor's deserialiser, never injected as markup. */
  html: string;
}

/**
 * Read-only rendering of stored rich text as React elements (for note cards). Needs only the
 * deserialiser and plain React: no Slate code at run time, so the cards do not load the editor.
 */
export function RichTextView({ html }: RichTextViewProps) {
  const nodes = useMemo(() => htmlToSlate(html), [html]);
  return <div className="rt-view">{nodes.map(renderBlock)}</div>;
}

const isText = (node: Descendant | InlineNode): node is FormattedText => !('type' in node);
const isList = (node: Descendant): node is ListElement =>
  !isText(node) && (node.type === 'numbered-list' || node.type === 'bulleted-list');

function renderBlock(node: Descendant, key: number): ReactNode {
  if (isText(node) || node.type === 'link' || node.type === 'image') {
    return <p key={key}>{renderInline(node, 0)}</p>;
  }
  if (isList(node)) return renderList(node, key);
  const Tag = BLOCK_TAG[node.type];
  return (
    <Tag key={key} style={blockStyle(node)}>
      {node.children.map(renderInline)}
    </Tag>
  );
}

/** Nested lists sit beside items in the Slate value; here they go inside the item before them. */
function renderList(list: ListElement, key: number): ReactNode {
  const items: ReactNode[] = [];
  let current:
    { key: number; node: ReactNode[]; style?: ReturnType<typeof blockStyle> } | undefined;
  const flush = () => {
    if (current)
      items.push(
        <li key={current.key} style={current.style}>
          {current.node}
        </li>,
      );
    current = undefined;
  };
  list.children.forEach((child, index) => {
    if (child.type === 'list-item') {
      flush();
      current = { key: index, node: child.children.map(renderInline), style: blockStyle(child) };
    } else {
      current ??= { key: index, node: [] };
      current.node.push(renderList(child, index));
    }
  });
  flush();
  const Tag = BLOCK_TAG[list.type];
  return (
    <Tag key={key} style={blockStyle(list)}>
      {items}
    </Tag>
  );
}

function renderInline(node: InlineNode, key: number): ReactNode {
  if (isText(node)) {
    if (node.text === '') return null;
    const presentation = leafPresentation(node);
    const content = wrapMarks(node, node.text);
    return presentation.style ? (
      <span key={key} {...presentation}>
        {content}
      </span>
    ) : (
      <Fragment key={key}>{content}</Fragment>
    );
  }
  if (node.type === 'image')
    return <img key={key} className="rt-image__img" src={node.url} alt={node.alt ?? ''} />;
  return (
    <a key={key} href={node.url} rel="noopener noreferrer" target="_blank">
      {node.children.map(renderInline)}
    </a>
  );
}
