import type { Alignment, BlockProps, RichElement } from './types';
import { INDENT_STEP_PX, MAX_INDENT } from './types';

const ALIGNMENTS: readonly Alignment[] = ['left', 'center', 'right', 'justify'];
const COLOR_PATTERN =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|hsla?\(\s*[\d.\s,%deg]+\)|[a-z]{3,30})$/i;
const NON_COLOR_KEYWORDS = new Set([
  'inherit',
  'initial',
  'unset',
  'revert',
  'transparent',
  'currentcolor',
  'none',
]);

/** Parses an inline `style` attribute into lower-case property names and trimmed values. */
export function parseStyle(style: string | null): Map<string, string> {
  const result = new Map<string, string>();
  if (!style) return result;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 1) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (name && value) result.set(name, value);
  }
  return result;
}

/** A colour value that is safe to copy into a style attribute, or undefined. */
export function safeColor(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!COLOR_PATTERN.test(trimmed) || NON_COLOR_KEYWORDS.has(trimmed.toLowerCase()))
    return undefined;
  return trimmed;
}

/** True for link targets the server keeps: http, https and mailto. */
export function isSafeLinkUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url.trim());
}

/**
 * True for image sources the server keeps: http, https, inline data images and Jotter's own
 * attachments (`/api/attachments/{id}`, the thumbnail's `?size=thumb` too).
 */
export function isSafeImageUrl(url: string): boolean {
  const trimmed = url.trim();
  return (
    /^(https?:\/\/|data:image\/)/i.test(trimmed) ||
    /^\/api\/attachments\/[A-Za-z0-9_-]+(\?size=thumb)?$/.test(trimmed)
  );
}

/** True for a local upload id (uploads/upload-queue.ts), as `data-upload` carries it. */
export function isUploadId(value: string | null | undefined): value is string {
  return !!value && /^[A-Za-z0-9-]{1,80}$/.test(value);
}

/** True for an address a user may insert as an image from the toolbar (http and https only). */
export function isInsertableImageUrl(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** Reads alignment and indentation from a block element's style (and legacy align attribute). */
export function readBlockProps(
  style: Map<string, string>,
  alignAttribute: string | null,
): BlockProps {
  const props: BlockProps = {};
  const align = (style.get('text-align') ?? alignAttribute ?? '').toLowerCase();
  if ((ALIGNMENTS as readonly string[]).includes(align)) props.align = align as Alignment;
  const margin = style.get('margin-left') ?? style.get('padding-left');
  const indent = margin ? pixelsToIndent(margin) : 0;
  if (indent > 0) props.indent = indent;
  return props;
}

function pixelsToIndent(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(px|em|rem)?$/i.exec(value.trim());
  if (!match?.[1]) return 0;
  const unit = (match[2] ?? 'px').toLowerCase();
  const pixels = Number(match[1]) * (unit === 'px' ? 1 : 16);
  return Math.min(MAX_INDENT, Math.round(pixels / INDENT_STEP_PX));
}

/** The CSS declarations for a block's alignment and indentation, in stored-HTML form. */
export function blockStyleDeclarations(props: BlockProps): string[] {
  const declarations: string[] = [];
  if (props.align && props.align !== 'left') declarations.push(`text-align: ${props.align}`);
  if (props.indent && props.indent > 0)
    declarations.push(`margin-left: ${props.indent * INDENT_STEP_PX}px`);
  return declarations;
}

/** The HTML tag for each block type, shared by the editor and the read-only view. */
export const BLOCK_TAG = {
  paragraph: 'p',
  'heading-one': 'h1',
  'heading-two': 'h2',
  'heading-three': 'h3',
  'block-quote': 'blockquote',
  'list-item': 'li',
  'numbered-list': 'ol',
  'bulleted-list': 'ul',
  checklist: 'ul',
  'check-item': 'li',
} as const satisfies Record<Exclude<RichElement['type'], 'link' | 'image'>, string>;
