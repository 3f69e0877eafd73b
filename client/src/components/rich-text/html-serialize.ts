import type { Descendant } from 'slate';
import type {
  BlockElement,
  ChecklistElement,
  FormattedText,
  InlineNode,
  ListElement,
} from './types';
import { LIST_TYPES } from './types';
import {
  BLOCK_TAG,
  blockStyleDeclarations,
  isSafeImageUrl,
  isSafeLinkUrl,
  isUploadId,
  safeColor,
} from './html-attributes';

/** Escapes text for use between tags. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes a value for use inside a double-quoted attribute. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// No Slate code at run time: a card ticking a checklist item serialises without loading the editor.
const isText = (node: Descendant | InlineNode): node is FormattedText => !('children' in node);
const isList = (node: Descendant): node is ListElement =>
  !isText(node) && (LIST_TYPES as readonly string[]).includes(node.type);

/**
 * Turns Slate nodes into the HTML the server stores (and sanitises): p, h1–h3, blockquote,
 * ol/ul/li, checklists (`<ul data-checklist>` of `<li data-checked="true|false">`),
 * strong/em/u/s, span with colour styles, a, img and br, with alignment and indentation as inline
 * styles. `htmlToSlate` reads it back to the same nodes.
 */
export function slateToHtml(nodes: Descendant[]): string {
  return nodes.map(serializeBlock).join('');
}

function styleAttribute(declarations: string[]): string {
  return declarations.length > 0 ? ` style="${escapeAttribute(declarations.join('; '))}"` : '';
}

function serializeBlock(node: Descendant): string {
  if (isText(node) || node.type === 'link' || node.type === 'image') {
    return `<p>${serializeInlines([node])}</p>`;
  }
  if (isList(node)) return serializeList(node);
  if (node.type === 'checklist') return serializeChecklist(node);
  return openTag(node) + serializeInlines(node.children) + closeTag(node);
}

/** The opening tag, with `attributes` (already escaped, each with its leading space) first. */
function openTag(node: BlockElement, attributes = ''): string {
  return `<${BLOCK_TAG[node.type] ?? 'p'}${attributes}${styleAttribute(blockStyleDeclarations(node))}>`;
}

function closeTag(node: BlockElement): string {
  return `</${BLOCK_TAG[node.type] ?? 'p'}>`;
}

/** Nested lists are siblings of items in Slate; in HTML they belong inside the previous <li>. */
function serializeList(list: ListElement): string {
  let html = openTag(list);
  let itemOpen = false;
  for (const child of list.children) {
    if (child.type === 'list-item') {
      if (itemOpen) html += '</li>';
      html += openTag(child) + serializeInlines(child.children);
      itemOpen = true;
    } else {
      if (!itemOpen) html += '<li>';
      html += serializeList(child);
      itemOpen = true;
    }
  }
  if (itemOpen) html += '</li>';
  return html + closeTag(list);
}

/** Both states are written out, so the stored HTML says what each item is without a default. */
function serializeChecklist(list: ChecklistElement): string {
  const items = list.children.map(
    (item) =>
      openTag(item, ` data-checked="${item.checked ? 'true' : 'false'}"`) +
      serializeInlines(item.children) +
      closeTag(item),
  );
  return openTag(list, ' data-checklist') + items.join('') + closeTag(list);
}

interface SpaceState {
  lineStart: boolean;
  afterSpace: boolean;
  lastLeaf: FormattedText | undefined;
}

function serializeInlines(nodes: InlineNode[]): string {
  const state: SpaceState = { lineStart: true, afterSpace: false, lastLeaf: lastTextLeaf(nodes) };
  const html = nodes.map((node) => serializeInline(node, state)).join('');
  // A final <br> is invisible in a browser, so a block ending in a line break needs a second one.
  return state.lastLeaf?.text.endsWith('\n') ? `${html}<br>` : html;
}

function lastTextLeaf(nodes: InlineNode[]): FormattedText | undefined {
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const node = nodes[index];
    if (!node) continue;
    if (isText(node)) {
      if (node.text !== '') return node;
    } else if (node.type === 'link') {
      const leaf = lastTextLeaf(node.children);
      if (leaf) return leaf;
    } else {
      return undefined;
    }
  }
  return undefined;
}

function serializeInline(node: InlineNode, state: SpaceState): string {
  if (isText(node)) return serializeLeaf(node, state);
  if (node.type === 'image') {
    state.lineStart = false;
    state.afterSpace = false;
    const alt = escapeAttribute(node.alt ?? '');
    // Not yet uploaded: kept in this browser as a placeholder, which uploads/image-uploads.ts
    // turns into the server's address before the note is sent.
    if (node.upload && isUploadId(node.upload))
      return `<img data-upload="${node.upload}" alt="${alt}">`;
    if (!isSafeImageUrl(node.url)) return '';
    return `<img src="${escapeAttribute(node.url.trim())}" alt="${alt}">`;
  }
  const inner = node.children.map((child) => serializeLeaf(child, state)).join('');
  if (!isSafeLinkUrl(node.url)) return inner;
  return `<a href="${escapeAttribute(node.url.trim())}">${inner}</a>`;
}

function serializeLeaf(leaf: FormattedText, state: SpaceState): string {
  let html = encodeText(leaf, state);
  if (html === '') return '';
  const color = safeColor(leaf.color);
  const background = safeColor(leaf.background);
  const declarations = [
    ...(color ? [`color: ${color}`] : []),
    ...(background ? [`background-color: ${background}`] : []),
  ];
  if (declarations.length > 0) html = `<span${styleAttribute(declarations)}>${html}</span>`;
  if (leaf.strikethrough) html = `<s>${html}</s>`;
  if (leaf.underline) html = `<u>${html}</u>`;
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.bold) html = `<strong>${html}</strong>`;
  return html;
}

/** Spaces that HTML would collapse (line start, runs, block end) become &nbsp; to survive. */
function encodeText(leaf: FormattedText, state: SpaceState): string {
  let html = '';
  const chars = Array.from(leaf.text);
  chars.forEach((char, index) => {
    if (char === '\n') {
      html += '<br>';
      state.lineStart = true;
      state.afterSpace = false;
      return;
    }
    if (char === ' ' || char === '\u00a0') {
      const atBlockEnd = leaf === state.lastLeaf && index === chars.length - 1;
      html +=
        state.lineStart || state.afterSpace || atBlockEnd || char === '\u00a0' ? '&nbsp;' : ' ';
      state.afterSpace = true;
      state.lineStart = false;
      return;
    }
    html += escapeText(char);
    state.lineStart = false;
    state.afterSpace = false;
  });
  return html;
}
