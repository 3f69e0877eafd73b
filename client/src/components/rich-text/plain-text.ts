import type { Descendant } from 'slate';
import type { FormattedText } from './types';
import { htmlToSlate } from './html-deserialize';

// No Slate code at run time: the note editor's emptiness check and the cards must not load it.
type AnyNode = Descendant | FormattedText | { type: string; children: AnyNode[] };

const isText = (node: AnyNode): node is FormattedText => !('children' in node);

/** The text of a node and its descendants, as Slate's `Node.string` gives it. */
function nodeString(node: AnyNode): string {
  return isText(node) ? node.text : (node.children as AnyNode[]).map(nodeString).join('');
}

function hasImage(node: AnyNode): boolean {
  if (isText(node)) return false;
  return ('type' in node && node.type === 'image') || (node.children as AnyNode[]).some(hasImage);
}

/** Blocks whose lines are their children's: lists and checklists. */
const CONTAINER_TYPES = new Set(['numbered-list', 'bulleted-list', 'checklist']);

/**
 * Plain text of the nodes: one line per block (list and checklist items included, as the server
 * derives `textContent`), soft breaks kept.
 */
export function slateToText(nodes: Descendant[]): string {
  return blockLines(nodes).join('\n');
}

/** Plain text of stored HTML, one line per block (close to what the server derives). */
export function htmlToText(html: string): string {
  return slateToText(htmlToSlate(html));
}

/** True when the HTML has no visible text and no image: an empty note body. */
export function isHtmlEmpty(html: string): boolean {
  const nodes = htmlToSlate(html);
  return !nodes.some(hasImage) && slateToText(nodes).trim() === '';
}

function blockLines(nodes: AnyNode[]): string[] {
  return nodes.flatMap((node) => {
    if (!isText(node) && 'type' in node && CONTAINER_TYPES.has(node.type)) {
      return blockLines(node.children as AnyNode[]);
    }
    return [nodeString(node)];
  });
}
