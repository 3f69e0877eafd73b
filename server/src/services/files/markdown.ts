import path from 'node:path';

import MarkdownIt from 'markdown-it';
import { NodeHtmlMarkdown, PostProcessResult } from 'node-html-markdown';
import YAML from 'yaml';
import { z } from 'zod';

import { clientFields, initialValue, type NoteField, type NoteRecord } from '../../store';
import {
  importKey,
  isoTime,
  namedColours,
  pendingSrc,
  placeOf,
  type LinkedFile,
  type SourceFile,
} from './source-note';

/** CommonMark to HTML; raw HTML in a file is shown as text, never passed on. */
const markdown = new MarkdownIt('commonmark', { html: false });

const taskPrefix = /^\[([ xX])\]\s+/;

/**
 * GitHub-style task lists (`- [ ] milk`, `- [x] eggs`) as Jotter checklists: a bullet list whose
 * every item starts with a box becomes `<ul data-checklist>` with `data-checked` on each item.
 */
markdown.core.ruler.after('inline', 'jotter_checklists', (state) => {
  const tokens = state.tokens;
  tokens.forEach((open, i) => {
    if (open.type !== 'bullet_list_open') return;
    const items: Array<{ item: (typeof tokens)[number]; inline: (typeof tokens)[number] }> = [];
    for (let j = i + 1; j < tokens.length; j += 1) {
      const t = tokens[j]!;
      if (t.type === 'bullet_list_close' && t.level === open.level) break;
      if (t.type === 'list_item_open' && t.level === open.level + 1) {
        const inline = tokens[j + 2];
        if (!inline || inline.type !== 'inline') return;
        items.push({ item: t, inline });
      }
    }
    if (items.length === 0 || !items.every(({ inline }) => taskPrefix.test(inline.content))) return;
    open.attrSet('data-checklist', '');
    for (const { item, inline } of items) {
      const checked = taskPrefix.exec(inline.content)?.[1] !== ' ';
      item.attrSet('data-checked', checked ? 'true' : 'false');
      inline.content = inline.content.replace(taskPrefix, '');
      const first = inline.children?.[0];
      if (first?.type === 'text') first.content = first.content.replace(taskPrefix, '');
    }
  });
});

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

const labelList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()))
  .transform((v) => v.filter(Boolean));

/**
 * The fields a Markdown file keeps under names and rules of its own (below), or not at all. Any
 * other field a client may set goes into the front matter under its own name when it is not as
 * in a new note, and comes back from there through the notes service's checks.
 */
const keptOwnWay = new Set<NoteField>([
  'id',
  'title',
  'content',
  'textContent',
  'color',
  'priority',
  'tags',
  'location',
  'previousLocation',
  'createdAt',
  'updatedAt',
  'version',
  'pinned',
  'trashedAt',
]);
const byOwnName = clientFields.filter((f) => !keptOwnWay.has(f));

/** The front matter Jotter reads (and writes); other keys are ignored. */
const frontMatterSchema = z.object({
  title: z.union([z.string(), z.number()]).transform(String).optional(),
  labels: labelList.optional(),
  tags: labelList.optional(),
  pinned: z.boolean().optional(),
  colour: z.string().optional(),
  color: z.string().optional(),
  priority: z.enum(['low', 'medium', 'high']).nullable().optional(),
  archived: z.boolean().optional(),
  trashed: z.boolean().optional(),
  created: z.unknown().optional(),
  updated: z.unknown().optional(),
  ...Object.fromEntries(byOwnName.map((f) => [f, z.unknown().optional()])),
});

const colourOf = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const named = namedColours[value.trim().toLowerCase()];
  return named ?? value.trim();
};

const baseName = (file: string) => (file.split('/').pop() ?? file).replace(/\.(md|markdown)$/i, '');

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The plain text of a heading's inline tokens: its words, without their Markdown. */
const inlineText = (inline: Token | undefined): string =>
  (inline?.children ?? [])
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** A link that names a file by a path relative to the Markdown file: no scheme, not `/…`, `#…`. */
const relativeLink = /^(?![a-z][a-z0-9+.-]*:|\/|#|\?)/i;

/**
 * The images a file links by relative paths (`![a photo](attachments/photo.jpg)`) as files of the
 * zip, their paths taken from the Markdown file's folder; each image's `src` becomes a pending one.
 * A path that climbs out of the zip is left as it is.
 */
function linkedImages(tokens: Token[], file: string): LinkedFile[] {
  const files: LinkedFile[] = [];
  const folder = path.posix.dirname(file);
  const visit = (list: Token[] | null) => {
    for (const token of list ?? []) {
      if (token.type === 'image') {
        const src = token.attrGet('src') ?? '';
        if (src && relativeLink.test(src)) {
          let name: string;
          try {
            name = decodeURIComponent(src.replace(/[?#].*$/, ''));
          } catch {
            name = src;
          }
          const where = path.posix.normalize(path.posix.join(folder, name));
          if (!where.startsWith('../') && where !== '..') {
            const pending = pendingSrc();
            token.attrSet('src', pending);
            files.push({ src: pending, path: where, anyExtension: false });
          }
        }
      }
      visit(token.children);
    }
  };
  visit(tokens);
  return files;
}

/**
 * A file's body as rich text. A first block that is a heading saying the note's title (as many
 * Markdown files begin, `# Title`, and as the title is taken from the front matter or the file
 * name) is left out: the note shows its title already.
 */
function bodyHtml(
  body: string,
  title: string,
  file: string,
): { html: string; files: LinkedFile[] } {
  const env = {};
  const tokens = markdown.parse(body, env);
  const files = linkedImages(tokens, file);
  const [open, inline, close] = tokens;
  const repeatsTitle =
    open?.type === 'heading_open' &&
    close?.type === 'heading_close' &&
    title.trim() !== '' &&
    inlineText(inline) === title.replace(/\s+/g, ' ').trim();
  const html = markdown.renderer.render(
    repeatsTitle ? tokens.slice(3) : tokens,
    markdown.options,
    env,
  );
  // markdown-it puts a line break between blocks; the editor's HTML has none.
  return { html: html.replace(/>\n+</g, '><').trim(), files };
}

/** One Markdown file (front matter optional) as a source note. */
export function readMarkdownNote(file: string, text: string): SourceFile {
  const match = frontMatterPattern.exec(text);
  let meta: z.infer<typeof frontMatterSchema> = {};
  if (match) {
    let data: unknown;
    try {
      // logLevel 'error': a front matter's error is thrown, its warnings (an unknown tag, a
      // user's text) are not written to the server's stderr.
      data = YAML.parse(match[1] ?? '', { maxAliasCount: 10, logLevel: 'error' }) ?? {};
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
      return {
        notes: [],
        skipped: [{ file, reason: `its front matter is not valid YAML: ${why}` }],
      };
    }
    const parsed = frontMatterSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        notes: [],
        skipped: [
          {
            file,
            reason: `front matter ${issue?.path.join('.') || ''}: ${issue?.message ?? 'is invalid'}`,
          },
        ],
      };
    }
    meta = parsed.data;
  }
  const body = match ? text.slice(match[0].length) : text;
  const title = meta.title ?? baseName(file);
  const created = isoTime(meta.created);
  const { html, files } = bodyHtml(body, title, file);
  return {
    notes: [
      {
        file,
        key: importKey('markdown', file, text),
        fields: {
          title,
          content: html,
          color: colourOf(meta.colour ?? meta.color),
          priority: meta.priority,
          tags: meta.labels ?? meta.tags,
          pinned: meta.pinned ?? false,
          ...Object.fromEntries(byOwnName.map((f) => [f, (meta as Record<string, unknown>)[f]])),
        },
        ...placeOf(meta.archived ?? false, meta.trashed ?? false),
        createdAt: created,
        updatedAt: isoTime(meta.updated) ?? created,
        files,
      },
    ],
    skipped: [],
  };
}

/** What the list-item rule reads of node-html-parser's elements. */
interface ListItemNode {
  parentNode: { getAttribute(name: string): string | undefined } | null;
  getAttribute(name: string): string | undefined;
}

/**
 * HTML to Markdown (node-html-markdown: about twice turndown's speed here). List items as
 * `- item` / `1. item`, and a checklist's items as GitHub task items: `- [x] done`, `- [ ] to do`.
 */
const htmlToMarkdown = new NodeHtmlMarkdown(
  { bulletMarker: '-', emDelimiter: '*', keepDataImages: true },
  {
    li: ({ node, options, indentLevel, listKind, listItemNumber }) => {
      const item = node as unknown as ListItemNode;
      const inChecklist = item.parentNode?.getAttribute('data-checklist') !== undefined;
      const box = inChecklist
        ? `[${item.getAttribute('data-checked') === 'true' ? 'x' : ' '}] `
        : '';
      const bullet =
        listKind === 'OL' && listItemNumber !== undefined
          ? `${listItemNumber}. `
          : `${options.bulletMarker} `;
      return {
        prefix: `${options.indent.repeat(indentLevel ?? 0)}${bullet}${box}`,
        surroundingNewlines: 1,
        postprocess: ({ content }) =>
          content.trim() === '' && !inChecklist ? PostProcessResult.RemoveNode : content.trim(),
      };
    },
    u: { prefix: '<u>', postfix: '</u>' },
  },
);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const attachmentSrc = /(<img\b[^>]*?\bsrc=")\/api\/attachments\/([A-Za-z0-9_-]+)[^"]*"/g;

/**
 * A note as a Markdown file: YAML front matter with every field, then the body. `fileOf` gives
 * the path (relative to the note's file) of an attachment the zip holds beside it, by its id.
 */
export function noteToMarkdown(
  note: NoteRecord,
  fileOf?: (attachmentId: string) => string | undefined,
): string {
  const meta: Record<string, unknown> = { title: note.title };
  if (note.tags.length > 0) meta.labels = note.tags;
  meta.pinned = note.pinned;
  if (note.color) meta.colour = note.color;
  if (note.priority) meta.priority = note.priority;
  if (note.location === 'archive' || note.previousLocation === 'archive') meta.archived = true;
  if (note.location === 'trash') meta.trashed = true;
  meta.created = note.createdAt;
  meta.updated = note.updatedAt;
  for (const field of byOwnName) {
    if (!sameValue(note[field], initialValue(field))) meta[field] = note[field];
  }
  const content = fileOf
    ? note.content.replace(attachmentSrc, (whole, start: string, id: string) => {
        const file = fileOf(id);
        return file === undefined ? whole : `${start}${encodeURI(file)}"`;
      })
    : note.content;
  const body = content ? htmlToMarkdown.translate(content) : '';
  return `---\n${YAML.stringify(meta)}---\n\n${body}\n`;
}

const folderOf = { notes: '', archive: 'Archive/', trash: 'Trash/' } as const;

/**
 * A safe file name for an attachment in a zip of notes, in its folder `attachments/`:
 * `{id}-{name}` with only letters, digits and `-_.` of the name kept.
 */
export function attachmentFileName(id: string, name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_\-.]+/gu, '-')
    .replace(/^[.-]+/, '')
    .slice(-80);
  return `attachments/${id}${safe ? `-${safe}` : ''}`;
}

/**
 * Safe, unique file names for a zip of notes: the title with only letters, digits, spaces and
 * `-_.,()` kept, at most 80 characters, no leading dot; "Untitled" for none; ` (2)`, ` (3)`…
 * for repeats (compared ignoring case, as on Windows and macOS).
 */
export function fileNamer() {
  const taken = new Set<string>();
  return (note: Pick<NoteRecord, 'title' | 'location'>): string => {
    const stem =
      note.title
        .normalize('NFC')
        .replace(/[^\p{L}\p{N} _\-.,()]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\.+/, '')
        .slice(0, 80)
        .trim() || 'Untitled';
    const folder = folderOf[note.location];
    for (let n = 1; ; n += 1) {
      const name = `${folder}${stem}${n === 1 ? '' : ` (${n})`}.md`;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };
}
