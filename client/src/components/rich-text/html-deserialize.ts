import type {
  BlockElement,
  BlockProps,
  CheckItemElement,
  ChecklistElement,
  FormattedText,
  ImageElement,
  InlineNode,
  LinkElement,
  ListElement,
  ListItemElement,
  TextBlockElement,
  TextBlockType,
} from './types';
import type { Descendant } from 'slate';
import {
  isSafeImageUrl,
  isUploadId,
  isSafeLinkUrl,
  parseStyle,
  readBlockProps,
  safeColor,
} from './html-attributes';
import { finishInlines, hasVisibleContent } from './inline-normalize';
import {
  BLOCK_TAGS,
  ELEMENT_NODE,
  SKIPPED_TAGS,
  TEXT_NODE,
  isBlockNode,
  isChecklistElement,
  isListTag,
  tagOf,
} from './html-tags';

type Marks = Omit<FormattedText, 'text'>;

const HEADING_TYPES: Record<string, TextBlockType> = {
  h1: 'heading-one',
  h2: 'heading-two',
  h3: 'heading-three',
  h4: 'heading-three',
  h5: 'heading-three',
  h6: 'heading-three',
};

interface InlineContext {
  marks: Marks;
  pre: boolean;
}

const hasBlockChild = (element: Element): boolean =>
  Array.from(element.childNodes).some(isBlockNode);

/** One empty paragraph: the value of an empty editor. */
export function emptyValue(): TextBlockElement[] {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

/**
 * Turns stored (or foreign) HTML into Slate nodes. Never throws: unknown tags give their text,
 * text without tags gives one paragraph and anything unusable gives one empty paragraph.
 */
export function htmlToSlate(html: string): Descendant[] {
  if (!html || !html.trim()) return emptyValue();
  if (!html.includes('<')) return plainTextValue(html);
  try {
    if (typeof DOMParser === 'undefined') return plainTextValue(html);
    const document = new DOMParser().parseFromString(html, 'text/html');
    const blocks = blocksFrom(Array.from(document.body.childNodes), {});
    return blocks.length > 0 ? blocks : emptyValue();
  } catch {
    return emptyValue();
  }
}

function plainTextValue(text: string): Descendant[] {
  const decoded = text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ');
  return [{ type: 'paragraph', children: [{ text: decoded }] }];
}

function blocksFrom(nodes: Node[], inherited: BlockProps): BlockElement[] {
  const blocks: BlockElement[] = [];
  let run: InlineNode[] = [];
  const flush = () => {
    if (hasVisibleContent(run)) blocks.push(textBlock('paragraph', run, inherited));
    run = [];
  };
  for (const node of nodes) {
    if (isBlockNode(node)) {
      flush();
      blocks.push(...blockFromElement(node as Element, inherited));
    } else if (node.nodeType === ELEMENT_NODE && hasBlockChild(node as Element)) {
      // An inline element around blocks, such as the <b style="font-weight:normal"> Google Docs
      // wraps a copy in: its blocks stay blocks.
      flush();
      blocks.push(...blocksFrom(Array.from(node.childNodes), inherited));
    } else {
      run.push(...inlinesFrom(node, { marks: {}, pre: false }));
    }
  }
  flush();
  return blocks;
}

function ownBlockProps(element: Element, inherited: BlockProps): BlockProps {
  const own = readBlockProps(
    parseStyle(element.getAttribute('style')),
    element.getAttribute('align'),
  );
  return { align: own.align ?? inherited.align, indent: own.indent ?? inherited.indent };
}

function blockFromElement(element: Element, inherited: BlockProps): BlockElement[] {
  const tag = tagOf(element);
  const props =
    tag === 'center'
      ? { ...ownBlockProps(element, inherited), align: 'center' as const }
      : ownBlockProps(element, inherited);
  if (isChecklistElement(element)) return [checklistFrom(element, props)];
  if (isListTag(tag)) {
    const list = listFrom(element, props);
    return list ? [list] : [];
  }
  if (tag === 'blockquote') {
    if (!hasBlockChild(element))
      return [textBlock('block-quote', inlineChildren(element, false), props)];
    return blocksFrom(Array.from(element.childNodes), props).map((block) =>
      block.type === 'paragraph' ? { ...block, type: 'block-quote' } : block,
    );
  }
  const type = HEADING_TYPES[tag] ?? 'paragraph';
  if (hasBlockChild(element)) return blocksFrom(Array.from(element.childNodes), props);
  return [textBlock(type, inlineChildren(element, tag === 'pre'), props)];
}

function listFrom(element: Element, props: BlockProps): ListElement | undefined {
  const children: (ListItemElement | ListElement)[] = [];
  let run: InlineNode[] = [];
  let runProps: BlockProps = {};
  const flush = (force: boolean) => {
    if (force || hasVisibleContent(run)) children.push(listItem(run, runProps));
    run = [];
  };
  const addItem = (item: Element) => {
    runProps = ownBlockProps(item, {});
    let emitted = false;
    for (const child of Array.from(item.childNodes)) {
      const tag = tagOf(child);
      if (tag === 'ul' || tag === 'ol') {
        flush(!emitted);
        emitted = true;
        const nested = listFrom(child as Element, ownBlockProps(child as Element, {}));
        if (nested) children.push(nested);
      } else {
        run.push(...inlinesFrom(child, { marks: {}, pre: false }));
      }
    }
    flush(!emitted);
  };
  for (const child of Array.from(element.childNodes)) {
    const tag = tagOf(child);
    if (tag === 'li') {
      flush(false);
      addItem(child as Element);
    } else if (tag === 'ul' || tag === 'ol') {
      flush(false);
      const nested = listFrom(child as Element, ownBlockProps(child as Element, {}));
      if (nested) children.push(nested);
    } else {
      runProps = {};
      run.push(...inlinesFrom(child, { marks: {}, pre: false }));
    }
  }
  flush(false);
  if (children.length === 0) return undefined;
  return withProps<ListElement>(
    { type: tagOf(element) === 'ol' ? 'numbered-list' : 'bulleted-list', children },
    props,
  );
}

/**
 * Each `<li>` is one item, as a card counts them (checklist.ts). Content between items belongs
 * to the item before it (before the first, to the first), and a block inside an item (a nested
 * list, a paragraph) is a line of its own in it, so no text is lost or run together.
 */
function checklistFrom(element: Element, props: BlockProps): ChecklistElement {
  const items: { element: Element; lines: InlineNode[][] }[] = [];
  let before: InlineNode[][] = [];
  for (const child of Array.from(element.childNodes)) {
    if (tagOf(child) === 'li') {
      items.push({ element: child as Element, lines: [...before, ...linesOf(child.childNodes)] });
      before = [];
    } else {
      const last = items[items.length - 1];
      (last ? last.lines : before).push(...linesOf([child]));
    }
  }
  const children = items.map(({ element: item, lines }) =>
    withProps<CheckItemElement>(
      {
        type: 'check-item',
        checked: item.getAttribute('data-checked') === 'true',
        children: finishInlines(
          lines.flatMap((line, index) => (index > 0 ? [{ text: '\n' }, ...line] : line)),
        ),
      },
      ownBlockProps(item, {}),
    ),
  );
  return withProps<ChecklistElement>({ type: 'checklist', children }, props);
}

/** The lines of some content: every block in it starts a line of its own; blank lines go. */
function linesOf(nodes: Iterable<Node>): InlineNode[][] {
  const lines: InlineNode[][] = [];
  let run: InlineNode[] = [];
  const flush = () => {
    if (hasVisibleContent(run)) lines.push(run);
    run = [];
  };
  for (const node of nodes) {
    if (isBlockNode(node)) {
      flush();
      lines.push(...linesOf(node.childNodes));
    } else {
      run.push(...inlinesFrom(node, { marks: {}, pre: false }));
    }
  }
  flush();
  return lines;
}

function withProps<T extends BlockProps>(node: T, props: BlockProps): T {
  if (props.align && props.align !== 'left') node.align = props.align;
  if (props.indent) node.indent = props.indent;
  return node;
}

function textBlock(
  type: TextBlockType,
  inlines: InlineNode[],
  props: BlockProps,
): TextBlockElement {
  return withProps<TextBlockElement>({ type, children: finishInlines(inlines) }, props);
}

function listItem(inlines: InlineNode[], props: BlockProps): ListItemElement {
  return withProps<ListItemElement>({ type: 'list-item', children: finishInlines(inlines) }, props);
}

function inlineChildren(element: Element, pre: boolean): InlineNode[] {
  return Array.from(element.childNodes).flatMap((child) => inlinesFrom(child, { marks: {}, pre }));
}

function inlinesFrom(node: Node, context: InlineContext): InlineNode[] {
  if (node.nodeType === TEXT_NODE)
    return [{ ...context.marks, text: textOf(node.nodeValue ?? '', context.pre) }];
  if (node.nodeType !== ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = tagOf(element);
  if (SKIPPED_TAGS.has(tag)) return [];
  if (tag === 'br') return [{ ...context.marks, text: '\n' }];
  if (tag === 'img') return imageFrom(element);
  const inner: InlineContext = {
    marks: marksFor(element, context.marks),
    pre: context.pre || tag === 'pre',
  };
  const children = Array.from(element.childNodes).flatMap((child) => inlinesFrom(child, inner));
  if (tag === 'a') return linkFrom(element, children);
  // A block nested inside inline content (e.g. <p> inside <li>) ends its own line.
  if (BLOCK_TAGS.has(tag) && hasVisibleContent(children))
    return [...children, { ...context.marks, text: '\n' }];
  return children;
}

function textOf(raw: string, pre: boolean): string {
  if (pre) return raw.replace(/\r\n?/g, '\n').replace(/ /g, '\u00a0');
  return raw.replace(/[ \t\n\r\f]+/g, ' ');
}

function imageFrom(element: Element): ImageElement[] {
  const src = element.getAttribute('src')?.trim() ?? '';
  const upload = element.getAttribute('data-upload');
  const pending = !src && isUploadId(upload);
  if (!pending && !isSafeImageUrl(src)) return [];
  const image: ImageElement = { type: 'image', url: pending ? '' : src, children: [{ text: '' }] };
  if (pending) image.upload = upload;
  const alt = element.getAttribute('alt');
  if (alt) image.alt = alt;
  return [image];
}

function linkFrom(element: Element, children: InlineNode[]): InlineNode[] {
  const href = element.getAttribute('href')?.trim() ?? '';
  if (!isSafeLinkUrl(href)) return children;
  const texts = children.filter((child): child is FormattedText => !('type' in child));
  const others = children.filter((child) => 'type' in child);
  const link: LinkElement = { type: 'link', url: href, children: texts };
  return [link, ...others];
}

function marksFor(element: Element, parent: Marks): Marks {
  const marks: Marks = { ...parent };
  const tag = tagOf(element);
  const style = parseStyle(element.getAttribute('style'));
  const weight = style.get('font-weight')?.toLowerCase();
  if ((tag === 'strong' || tag === 'b') && weight !== 'normal' && weight !== '400')
    marks.bold = true;
  if (weight === 'bold' || weight === 'bolder' || (weight !== undefined && Number(weight) >= 600))
    marks.bold = true;
  if (tag === 'em' || tag === 'i' || style.get('font-style')?.toLowerCase() === 'italic')
    marks.italic = true;
  const decoration =
    `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`.toLowerCase();
  if (tag === 'u' || tag === 'ins' || decoration.includes('underline')) marks.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del' || decoration.includes('line-through'))
    marks.strikethrough = true;
  const color = safeColor(
    style.get('color') ?? (tag === 'font' ? element.getAttribute('color') : undefined),
  );
  if (color) marks.color = color;
  const background = safeColor(style.get('background-color') ?? style.get('background'));
  if (background) marks.background = background;
  return marks;
}
