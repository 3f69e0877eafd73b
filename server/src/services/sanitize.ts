import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const indent = [/^\d{1,3}(\.\d+)?(px|em|rem)$/];

const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'span',
    'br',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'div',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ul: ['data-checklist'],
    li: ['data-checked'],
  },
  allowedStyles: {
    '*': {
      color: colour,
      'background-color': colour,
      'text-align': [/^(left|right|center|justify)$/],
      'margin-left': indent,
      'padding-left': indent,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    // A checklist is `<ul data-checklist>` of `<li data-checked="true|false">` (DESIGN.md): the
    // marker carries no value, and an item's state is one of the two words or nothing.
    ul: (tagName, attribs) => ({
      tagName,
      attribs: 'data-checklist' in attribs ? { ...attribs, 'data-checklist': '' } : attribs,
    }),
    li: (tagName, { 'data-checked': checked, ...attribs }) => ({
      tagName,
      attribs:
        checked === 'true' || checked === 'false'
          ? { ...attribs, 'data-checked': checked }
          : attribs,
    }),
  },
  // data: is allowed on images only for raster images: never data:text/html or SVG.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    (!frame.attribs.src ||
      /^data:(?!image\/(png|jpe?g|gif|webp)[;,])/i.test(frame.attribs.src.trim())),
};

/**
 * The NUL character goes from every text a note stores: PostgreSQL's text cannot hold it, and
 * HTML has no use for it (browsers read it as U+FFFD). Removed before sanitising, so it cannot
 * hide markup from the sanitiser either (`<scri\0pt>` is sanitised as `<script>`).
 */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** Rich text as Jotter stores it: only what the editor makes, nothing that can run. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(withoutNul(html), richTextOptions);
}

const blockTags = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'li', 'div', 'br', 'ol', 'ul']);

/** The plain text of (sanitised) rich text: blocks on their own lines, entities decoded. */
export function htmlToText(html: string): string {
  let text = '';
  const parser = new Parser(
    {
      ontext: (chunk) => {
        text += chunk;
      },
      onopentag: (name) => {
        if (blockTags.has(name) && text && !text.endsWith('\n')) text += '\n';
      },
      onclosetag: (name) => {
        if (blockTags.has(name) && text && !text.endsWith('\n')) text += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Plain-text fields (titles, labels), kept as typed: markup-like text such as `<b>` or `&` stays
 * the characters it is (escaping is each renderer's job: React, the export writers). Only control
 * characters go: a line break or a tab becomes a space (a title or a label is one line), any
 * other (the NUL character among them, see withoutNul) is dropped.
 */
export function plainText(value: string): string {
  return value.replace(/[\t\n\v\f\r]/g, ' ').replace(/\p{Cc}/gu, '');
}
