import { Element, Node } from 'slate';
import type { Descendant } from 'slate';
import { htmlToSlate } from './html-deserialize';

/** Plain text of the nodes: one line per block (list items included), soft breaks kept. */
export function slateToText(nodes: Descendant[]): string {
  return blockLines(nodes).join('\n');
}

/** True when the HTML has no visible text and no image: an empty note body. */
export function isHtmlEmpty(html: string): boolean {
  const nodes = htmlToSlate(html);
  const hasImage = nodes.some((node) =>
    Array.from(Node.nodes(node)).some(([child]) => Element.isElement(child) && child.type === 'image'),
  );
  return !hasImage && slateToText(nodes).trim() === '';
}

function blockLines(nodes: Descendant[]): string[] {
  return nodes.flatMap((node) => {
    if (Element.isElement(node) && (node.type === 'numbered-list' || node.type === 'bulleted-list')) {
      return blockLines(node.children);
    }
    return [Node.string(node)];
  });
}
