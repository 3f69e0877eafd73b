import type { FormattedText, InlineNode, LinkElement } from './types';

const isText = (node: InlineNode): node is FormattedText => !('type' in node);

/** True when inline content shows something: non-blank text, a line break or an image. */
export function hasVisibleContent(inlines: InlineNode[]): boolean {
  return inlines.some((node) => {
    if (isText(node)) return /[^ \t\n\r\f]/.test(node.text.replace(/\n/g, 'x'));
    if (node.type === 'image') return true;
    return hasVisibleContent(node.children);
  });
}

/**
 * Applies HTML whitespace rules to freshly parsed inline content and gives it the shape Slate
 * expects: collapsible spaces removed at line starts and block ends, one trailing <br> dropped
 * (browsers do not show it), non-breaking spaces turned back into plain ones, equal neighbours
 * merged, and a text node before, between and after every inline element.
 */
export function finishInlines(inlines: InlineNode[]): InlineNode[] {
  const copied = inlines.map(copyInline);
  const leaves = copied.flatMap((node): (FormattedText | null)[] =>
    isText(node) ? [node] : node.type === 'link' ? node.children : [null],
  );
  collapseSpaces(leaves);
  trimBlockEnd(leaves);
  for (const leaf of leaves) if (leaf) leaf.text = leaf.text.replace(/\u00a0/g, ' ');
  return shapeForSlate(copied);
}

function copyInline(node: InlineNode): InlineNode {
  if (isText(node)) return { ...node };
  if (node.type === 'link')
    return { ...node, children: node.children.map((child) => ({ ...child })) };
  return { ...node, children: [{ text: '' }] };
}

/** `null` stands for an image: it is content, so spaces after it are kept. */
function collapseSpaces(leaves: (FormattedText | null)[]): void {
  let lineStart = true;
  let afterSpace = false;
  for (const leaf of leaves) {
    if (!leaf) {
      lineStart = false;
      afterSpace = false;
      continue;
    }
    let out = '';
    for (const char of leaf.text) {
      if (char === ' ') {
        if (lineStart || afterSpace) continue;
        afterSpace = true;
      } else {
        afterSpace = false;
        lineStart = char === '\n';
      }
      out += char;
    }
    leaf.text = out;
  }
}

function trimBlockEnd(leaves: (FormattedText | null)[]): void {
  const last = lastNonEmpty(leaves);
  if (!last) return;
  if (last.text.endsWith('\n')) {
    last.text = last.text.slice(0, -1);
    return;
  }
  if (last.text.endsWith(' ')) last.text = last.text.slice(0, -1);
}

function lastNonEmpty(leaves: (FormattedText | null)[]): FormattedText | undefined {
  for (let index = leaves.length - 1; index >= 0; index -= 1) {
    const leaf = leaves[index];
    if (leaf === null) return undefined;
    if (leaf && leaf.text !== '') return leaf;
  }
  return undefined;
}

function sameMarks(a: FormattedText, b: FormattedText): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.color === b.color &&
    a.background === b.background
  );
}

function mergeTexts(texts: FormattedText[]): FormattedText[] {
  const merged: FormattedText[] = [];
  for (const text of texts) {
    if (text.text === '') continue;
    const previous = merged[merged.length - 1];
    if (previous && sameMarks(previous, text)) previous.text += text.text;
    else merged.push(text);
  }
  return merged;
}

function shapeForSlate(nodes: InlineNode[]): InlineNode[] {
  const result: InlineNode[] = [];
  let texts: FormattedText[] = [];
  const flushTexts = (required: boolean) => {
    const merged = mergeTexts(texts);
    if (merged.length > 0) result.push(...merged);
    else if (required) result.push({ text: '' });
    texts = [];
  };
  for (const node of nodes) {
    if (isText(node)) {
      texts.push(node);
      continue;
    }
    if (node.type === 'link') {
      const children = mergeTexts(node.children);
      if (children.length === 0) continue;
      flushTexts(true);
      result.push({ ...node, children } satisfies LinkElement);
    } else {
      flushTexts(true);
      result.push(node);
    }
  }
  flushTexts(true);
  return result;
}
