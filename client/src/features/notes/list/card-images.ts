import { toggleChecklistItem } from '../../../components/rich-text';
import type { ChecklistItemRef } from '../../../components/rich-text';

/** One of a note's uploaded images, as its card and the lightbox show it. */
export interface CardImage {
  /** The attachment's id. */
  id: string;
  /** The original, as stored: what the lightbox shows and downloads. */
  src: string;
  /** Its thumbnail (WebP, long side ≤ 512 px): what the card shows. */
  thumb: string;
  alt: string;
  /** The size the note gives it (its `width` and `height` attributes), when it gives one. */
  width?: number;
  height?: number;
}

/** An uploaded image's address in a note (DESIGN.md, "Images and files"): `/api/attachments/{id}`. */
const ATTACHMENT_SRC = /^\/api\/attachments\/([A-Za-z0-9_-]+)$/;

/**
 * Blocks that go when the image they held alone is taken out. Never a list's item: a checklist
 * keeps its items, so a tick on the card finds its item (`toggleInContent`).
 */
const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE']);

const dimension = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

/**
 * A card's view of a note's content: its uploaded images (in order, to show at the top of the
 * card as Keep does) and the rest of the content without them, so they are not shown twice. An
 * image from a web address (http, https, data) stays in the body as before. A block the image
 * sat in alone goes with it. Reads the HTML with the browser's parser; nothing is run.
 */
export function splitCardImages(html: string): { images: CardImage[]; body: string } {
  if (!html.includes('/api/attachments/')) return { images: [], body: html };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const images: CardImage[] = [];
  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    const src = img.getAttribute('src')?.trim() ?? '';
    const id = ATTACHMENT_SRC.exec(src)?.[1];
    if (!id) continue;
    const width = dimension(img.getAttribute('width'));
    const height = dimension(img.getAttribute('height'));
    images.push({
      id,
      src,
      thumb: `${src}?size=thumb`,
      alt: img.getAttribute('alt') ?? '',
      ...(width && height ? { width, height } : {}),
    });
    let parent = img.parentElement;
    img.remove();
    while (
      parent &&
      parent !== doc.body &&
      BLOCKS.has(parent.tagName) &&
      parent.textContent?.trim() === '' &&
      !parent.querySelector('img, ul, ol')
    ) {
      const next: HTMLElement | null = parent.parentElement;
      parent.remove();
      parent = next;
    }
  }
  return images.length === 0 ? { images, body: html } : { images, body: doc.body.innerHTML };
}

/** How many thumbnails a card shows: the first large, then two small; "+N" says the rest. */
export const CARD_IMAGE_LIMIT = 3;

/** True when the top-level block `block` of `html` is a checklist with an item. */
const isChecklist = (html: string, block: number) =>
  toggleChecklistItem(html, { block, item: 0 }) !== undefined;

/**
 * The note's content with the item ticked on its card, whose `body` (splitCardImages) may have
 * fewer blocks than the content: the item's checklist is found by its place among the
 * checklists, which taking images out never changes. Undefined when there is no such item.
 */
export function toggleInContent(
  content: string,
  body: string,
  ref: ChecklistItemRef,
): string | undefined {
  if (content === body) return toggleChecklistItem(content, ref);
  let place = 0;
  for (let block = 0; block < ref.block; block += 1) if (isChecklist(body, block)) place += 1;
  // Every block but a first run of bare text starts with a tag: a bound on the blocks.
  const blocks = (content.match(/</g)?.length ?? 0) + 1;
  for (let block = 0, seen = 0; block < blocks; block += 1) {
    if (!isChecklist(content, block)) continue;
    if (seen === place) return toggleChecklistItem(content, { ...ref, block });
    seen += 1;
  }
  return undefined;
}
