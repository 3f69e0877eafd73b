import type { Descendant } from 'slate';
import type { CheckItemElement, ChecklistElement } from './types';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';

/** Where a checklist item is: its checklist's place among the top-level blocks, then its own. */
export interface ChecklistItemRef {
  block: number;
  item: number;
}

/** A checklist item with its place in its checklist. */
export interface PlacedItem {
  item: CheckItemElement;
  index: number;
}

const isChecklist = (node: Descendant | undefined): node is ChecklistElement =>
  !!node && 'type' in node && node.type === 'checklist';

/**
 * The stored HTML with one checklist item ticked or unticked, read and written by the editor's
 * own (de)serialiser (no Slate code), so the items are counted exactly as a view shows them.
 * Undefined when there is no such item.
 */
export function toggleChecklistItem(html: string, ref: ChecklistItemRef): string | undefined {
  const nodes = htmlToSlate(html);
  const list = nodes[ref.block];
  if (!isChecklist(list)) return undefined;
  const target = list.children[ref.item];
  if (!target) return undefined;
  const children = list.children.map((item) =>
    item === target ? { ...item, checked: !item.checked } : item,
  );
  nodes[ref.block] = { ...list, children };
  return slateToHtml(nodes);
}

/** A checklist's items as a card lists them: the open ones first, then the ticked ones. */
export function openThenTicked(list: ChecklistElement): {
  open: PlacedItem[];
  ticked: PlacedItem[];
} {
  const placed = list.children.map((item, index) => ({ item, index }));
  return {
    open: placed.filter(({ item }) => !item.checked),
    ticked: placed.filter(({ item }) => item.checked),
  };
}
