import path from 'node:path';

import { z } from 'zod';

import {
  checklistHtml,
  importKey,
  isoTime,
  namedColours,
  pendingSrc,
  placeOf,
  textToHtml,
  type LinkedFile,
  type SourceFile,
} from './source-note';

const usec = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);

/**
 * A Google Keep note as Takeout writes it (shared/formats/google-keep-takeout.md). Keep's
 * folder name follows the account's language, so a note is recognised by this shape, not by
 * where it lies. Unknown keys (annotations, sharees, textContentHtml…) are ignored.
 */
export const keepNoteSchema = z.object({
  title: z.string().default(''),
  textContent: z.string().optional(),
  listContent: z
    .array(z.object({ text: z.string().default(''), isChecked: z.boolean().default(false) }))
    .optional(),
  color: z.string().optional(),
  isPinned: z.boolean().default(false),
  isArchived: z.boolean().default(false),
  isTrashed: z.boolean().default(false),
  userEditedTimestampUsec: usec,
  createdTimestampUsec: usec.optional(),
  labels: z.array(z.object({ name: z.string() })).optional(),
  attachments: z
    .array(z.object({ filePath: z.string(), mimetype: z.string().optional() }))
    .optional(),
});

/** True when a parsed JSON value has Keep's shape (the keys every Keep note has). */
export const looksLikeKeepNote = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  'userEditedTimestampUsec' in value &&
  ('textContent' in value || 'listContent' in value || 'title' in value);

const fromUsec = (value: number | undefined) =>
  value === undefined ? undefined : isoTime(Math.floor(value / 1000));

/**
 * One Keep note's JSON file as a source note. Its attachments lie beside it in the zip: they are
 * listed as files its content shows, first, as Keep shows a note's images above its text.
 */
export function readKeepNote(file: string, raw: string, value: unknown): SourceFile {
  const parsed = keepNoteSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      notes: [],
      skipped: [
        {
          file,
          reason: `not a readable Google Keep note: ${issue?.path.join('.') || 'note'} ${issue?.message ?? 'is invalid'}`,
        },
      ],
    };
  }
  const keep = parsed.data;
  const edited = fromUsec(keep.userEditedTimestampUsec);
  const folder = path.posix.dirname(file);
  const files: LinkedFile[] = (keep.attachments ?? []).map((a) => ({
    src: pendingSrc(),
    path: path.posix.join(folder, a.filePath),
    anyExtension: true,
  }));
  const images = files.map((f) => `<img src="${f.src}" alt="">`).join('');
  const body = keep.listContent
    ? checklistHtml(keep.listContent.map((i) => ({ text: i.text, checked: i.isChecked })))
    : textToHtml(keep.textContent ?? '');
  // A note of photos alone has no text: no empty paragraph under them.
  const content = images && body === '<p><br></p>' ? images : images + body;
  const title = keep.title.trim();
  return {
    notes: [
      {
        file,
        key: importKey('keep', file, raw),
        fields: {
          // Keep titles have no limit; Jotter's do.
          title: title.length > 500 ? title.slice(0, 500) : title,
          content,
          color: namedColours[(keep.color ?? 'DEFAULT').toLowerCase()] ?? '',
          tags: keep.labels?.map((l) => l.name.trim()).filter(Boolean),
          pinned: keep.isPinned,
        },
        ...placeOf(keep.isArchived, keep.isTrashed),
        createdAt: fromUsec(keep.createdTimestampUsec) ?? edited,
        updatedAt: edited,
        files,
      },
    ],
    skipped: [],
  };
}
