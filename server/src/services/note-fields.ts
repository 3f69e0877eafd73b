import { z } from 'zod';

import { badInput, fromZodIssues } from '../errors';
import type { NoteChanges } from '../store';
import { htmlToText, sanitizeRichText, stripMarkup } from './sanitize';

export const limits = {
  title: 500,
  contentBytes: 1_000_000,
  labels: 50,
  label: 100,
  pageSize: 100,
  search: 500,
} as const;

/**
 * How many characters a text holds, as a reader counts them: an emoji or an accented letter
 * written as one code point is one, where `length` counts UTF-16 units (two for an emoji).
 */
export const characters = (text: string): number => [...text].length;

/** The fields a client may set on a note; every one optional (an update merges). */
const noteFieldsSchema = z.object({
  title: z
    .string()
    .max(limits.title * 4, `must be at most ${limits.title} characters`)
    .optional(),
  content: z
    .string()
    .refine((s) => Buffer.byteLength(s) <= limits.contentBytes, 'must be at most 1 MB')
    .optional(),
  color: z
    .union([
      z.literal(''),
      z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #F29191, or empty'),
    ])
    .nullable()
    .optional(),
  priority: z.enum(['low', 'medium', 'high']).nullable().optional(),
  tags: z
    .array(
      z
        .string()
        .max(limits.label * 4, `each label must be at most ${limits.label} characters`)
        .refine(
          (t) => characters(t) <= limits.label,
          `each label must be at most ${limits.label} characters`,
        )
        .refine((t) => t.trim().length > 0, 'a label cannot be empty'),
    )
    .max(limits.labels, `at most ${limits.labels} labels per note`)
    .optional(),
  /** null unpins, like null clears a colour or a priority. */
  pinned: z.boolean('must be true or false').nullable().optional(),
});

/**
 * Validates a client's note fields and cleans them into what the store keeps: titles and labels
 * as plain text, content sanitised with its plain text beside it, labels without repeats.
 */
export function cleanNoteFields(fields: unknown): NoteChanges {
  const parsed = noteFieldsSchema.safeParse(fields ?? {});
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const f = parsed.data;
  const changes: NoteChanges = {};
  if (f.title !== undefined) {
    const title = stripMarkup(f.title).trim();
    if (characters(title) > limits.title)
      throw badInput('title', `must be at most ${limits.title} characters`);
    changes.title = title;
  }
  if (f.content !== undefined) {
    changes.content = sanitizeRichText(f.content);
    changes.textContent = htmlToText(changes.content);
  }
  if (f.color !== undefined) changes.color = f.color ?? '';
  if (f.priority !== undefined) changes.priority = f.priority;
  if (f.pinned !== undefined) changes.pinned = f.pinned ?? false;
  if (f.tags !== undefined) {
    changes.tags = [...new Set(f.tags.map(stripMarkup))].filter((t) => t.trim().length > 0);
  }
  return changes;
}
