/** Which HTML tags the deserialiser reads as what: skipped, blocks, lists and checklists. */

/** DOM node types (the Node constants are not there in every environment this runs in). */
export const TEXT_NODE = 3;
export const ELEMENT_NODE = 1;

/** Tags whose content is not note text: dropped whole. */
export const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'head',
  'title',
  'meta',
  'link',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'select',
  'textarea',
  'button',
  'input',
  'hr',
]);

/** Tags that start a block of their own. */
export const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'figure',
  'figcaption',
  'address',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'form',
  'fieldset',
  'details',
  'summary',
  'center',
  'body',
  'html',
]);

/** The lower-case tag name of an element, or '' for any other node. */
export const tagOf = (node: Node): string =>
  node.nodeType === ELEMENT_NODE ? (node as Element).tagName.toLowerCase() : '';

/** True for elements that start a block of their own. */
export const isBlockNode = (node: Node): boolean => BLOCK_TAGS.has(tagOf(node));

/** True for `ul` and `ol`. */
export const isListTag = (tag: string): boolean => tag === 'ul' || tag === 'ol';

/**
 * A `<ul data-checklist>` holding at least one `<li>` is a checklist; one without items is read
 * as a plain list, so that no checkbox ever stands for an item the HTML does not have.
 */
export function isChecklistElement(node: Node): boolean {
  return (
    tagOf(node) === 'ul' &&
    (node as Element).hasAttribute('data-checklist') &&
    Array.from((node as Element).children).some((child) => tagOf(child) === 'li')
  );
}
