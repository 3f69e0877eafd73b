import { z } from 'zod';

import { badInput, fromZodIssues } from '../errors';
import { clientFields, initialValue, type ClientField, type NoteChanges } from '../store';
import { htmlToText, plainText, sanitizeRichText } from './sanitize';

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

/**
 * How a client's value of each field it may set is checked (every one optional: an update
 * merges). Doors reuse these for a field they take as is.
 */
export const clientFieldSchemas = {
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
} satisfies Record<ClientField, z.ZodType>;

const noteFieldsSchema = z.object(clientFieldSchemas);

type Parsed = z.infer<typeof noteFieldsSchema>;

/**
 * The fields whose value needs more than its check: the rest are taken as they come, null
 * giving a new note's value (no colour, no priority, unpinned).
 */
const cleaners: {
  [K in ClientField]?: (value: NonNullable<Parsed[K]>, changes: NoteChanges) => void;
} = {
  title(value, changes) {
    const title = plainText(value).trim();
    if (characters(title) > limits.title)
      throw badInput('title', `must be at most ${limits.title} characters`);
    changes.title = title;
  },
  content(value, changes) {
    changes.content = sanitizeRichText(value);
    changes.textContent = htmlToText(changes.content);
  },
  tags(value, changes) {
    changes.tags = [...new Set(value.map((t) => plainText(t).trim()))].filter((t) => t.length > 0);
  },
};

/**
 * Validates a client's note fields and cleans them into what the store keeps: titles and labels
 * as plain text, content sanitised with its plain text beside it, labels without repeats.
 */
export function cleanNoteFields(fields: unknown): NoteChanges {
  const parsed = noteFieldsSchema.safeParse(fields ?? {});
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const changes: NoteChanges = {};
  for (const field of clientFields) {
    const value = parsed.data[field];
    if (value === undefined) continue;
    const clean = cleaners[field] as ((v: unknown, c: NoteChanges) => void) | undefined;
    if (value !== null && clean) clean(value, changes);
    else (changes as Record<string, unknown>)[field] = value ?? initialValue(field);
  }
  return changes;
}
