import { Fragment, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Descendant } from 'slate';
import type { ChecklistElement, FormattedText, InlineNode, ListElement } from './types';
import type { ChecklistItemRef, PlacedItem } from './checklist';
import { openThenTicked } from './checklist';
import { htmlToSlate } from './html-deserialize';
import { BLOCK_TAG, blockStyle, leafPresentation, wrapMarks } from './node-styles';
import { PendingImage } from './pending-image';
import './rich-text.css';

export interface RichTextViewProps {
  /** Stored note HTML; read through the editor's deserialiser, never injected as markup. */
  html: string;
  /**
   * Called when a checklist item's box is pressed; without it the boxes only show each item's
   * state. The view changes nothing itself: the new `html` ticks the item.
   */
  onToggleItem?: (ref: ChecklistItemRef) => void;
}

type ToggleItem = RichTextViewProps['onToggleItem'];

/**
 * Read-only rendering of stored rich text as React elements (for note cards). Needs only the
 * deserialiser and plain React: no Slate code at run time, so the cards do not load the editor.
 */
export function RichTextView({ html, onToggleItem }: RichTextViewProps) {
  const nodes = useMemo(() => htmlToSlate(html), [html]);
  return (
    <div className="rt-view">
      {nodes.map((node, index) => renderBlock(node, index, onToggleItem))}
    </div>
  );
}

/**
 * A checklist as a card shows it: open items first, then the ticked ones, which fold into one
 * "N ticked items" button when there are several.
 */
function ViewChecklist({
  list,
  block,
  onToggleItem,
}: {
  list: ChecklistElement;
  block: number;
  onToggleItem: ToggleItem;
}) {
  const [expanded, setExpanded] = useState(false);
  const { open, ticked } = openThenTicked(list);
  const folds = ticked.length > 1;
  const item = ({ item, index }: PlacedItem) => (
    <li key={index} className="rt-check-item" style={blockStyle(item)}>
      <label className="rt-check-item__label">
        <input
          type="checkbox"
          className="rt-checkbox"
          checked={item.checked}
          disabled={!onToggleItem}
          readOnly={!onToggleItem}
          onChange={() => onToggleItem?.({ block, item: index })}
        />
        <span className="rt-check-item__text">{item.children.map(renderInline)}</span>
      </label>
    </li>
  );
  return (
    <div className="rt-checklist-block" style={blockStyle(list)}>
      {open.length > 0 && <ul className="rt-checklist">{open.map(item)}</ul>}
      {folds && (
        <button
          type="button"
          className="rt-ticked-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          <ChevronDown size={16} aria-hidden="true" className="rt-ticked-toggle__icon" />
          {ticked.length} ticked items
        </button>
      )}
      {ticked.length > 0 && (!folds || expanded) && (
        <ul className="rt-checklist rt-checklist--ticked">{ticked.map(item)}</ul>
      )}
    </div>
  );
}

const isText = (node: Descendant | InlineNode): node is FormattedText => !('type' in node);
const isList = (node: Descendant): node is ListElement =>
  !isText(node) && (node.type === 'numbered-list' || node.type === 'bulleted-list');

function renderBlock(node: Descendant, key: number, onToggleItem: ToggleItem): ReactNode {
  if (isText(node) || node.type === 'link' || node.type === 'image') {
    return <p key={key}>{renderInline(node, 0)}</p>;
  }
  if (isList(node)) return renderList(node, key);
  if (node.type === 'checklist')
    return <ViewChecklist key={key} list={node} block={key} onToggleItem={onToggleItem} />;
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
  if (node.type === 'image') {
    if (node.upload) return <PendingImage key={key} localId={node.upload} alt={node.alt ?? ''} />;
    return <img key={key} className="rt-image__img" src={node.url} alt={node.alt ?? ''} />;
  }
  return (
    <a key={key} href={node.url} rel="noopener noreferrer" target="_blank">
      {node.children.map(renderInline)}
    </a>
  );
}
