import type { Request } from 'express';
import { z } from 'zod';

import { badInput, fromZodIssues } from '../errors';
import { clientFieldSchemas } from '../services/note-fields';
import { clientFields, type ClientField } from '../services/notes';

/** Parses the request body with a zod schema, or throws a 400 naming the field at fault. */
export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  if (
    req.body === undefined ||
    req.body === null ||
    typeof req.body !== 'object' ||
    Array.isArray(req.body)
  ) {
    throw badInput('body', 'must be a JSON object (send Content-Type: application/json)');
  }
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  return parsed.data;
}

/** The body of routes that take none: absent, or any JSON object (ignored). */
export const anyBody = z.object({}).optional();

/**
 * The fields a client may set that the wire takes otherwise than the notes service does: looser
 * (the service checks them next, with its own words), or under another name (`isPinned`).
 */
const onTheWire = {
  title: z.string().optional(),
  content: z.string().optional(),
  color: z.string().nullable().optional(),
  priority: z
    .union([z.enum(['low', 'medium', 'high']), z.literal(''), z.null()], {
      error: 'must be "low", "medium", "high", "" or null',
    })
    .optional()
    .transform((p) => (p === '' ? null : p)),
  tags: z
    .array(z.string())
    .nullable()
    .optional()
    .transform((t) => (t === null ? [] : t)),
  isPinned: z.boolean('must be true or false').nullable().optional(),
};

/** The wire's names for the fields it renames. */
const wireNames = { pinned: 'isPinned' } as const satisfies { [K in ClientField]?: string };

/** Every other field a client may set, under its own name, checked as the notes service does. */
const asTheServiceTakesThem = Object.fromEntries(
  clientFields
    .filter((f) => !(f in onTheWire) && !(f in wireNames))
    .map((f) => [f, clientFieldSchemas[f]]),
);

/** A note on the wire: only the fields a client may set; server-owned ones are ignored. */
export const wireNote = z.object({ ...onTheWire, ...asTheServiceTakesThem });

/** A wire note's fields as the notes service names them (`isPinned` is `pinned`). */
export function noteFields(note: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...note };
  for (const [field, wireName] of Object.entries(wireNames)) {
    const value = fields[wireName];
    delete fields[wireName];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

export const noteBody = z.object({ note: wireNote });

/**
 * A note sent as an edit: the fields to change and, optionally, the `version` the edit is based
 * on (a note sent back as it was received carries it). A version that is no longer current makes
 * the edit change nothing (409 with the current note); without one the fields merge as always.
 */
export const editedNote = wireNote.extend({
  version: z
    .number('must be a whole number from 1 (the version the edit is based on)')
    .int('must be a whole number from 1 (the version the edit is based on)')
    .min(1, 'must be a whole number from 1 (the version the edit is based on)')
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
});

export const noteEditBody = z.object({ note: editedNote });
