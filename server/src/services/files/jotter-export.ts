import { z } from 'zod';

import {
  clientFields,
  initialValue,
  noteFields,
  noteShape,
  type NoteField,
  type NoteRecord,
  type Storage,
  type StorageKind,
} from '../../store';
import { importKey, isoTime, type ExportedAttachment, type SourceFile } from './source-note';

/** The format name and version a Jotter JSON export carries. */
export const exportFormat = { format: 'jotter-notes', version: 1 } as const;

const location = z.enum(['notes', 'archive', 'trash']);

/** How an export writes a value of each kind. */
const exportedValue: { [K in StorageKind]: () => z.ZodType<Storage[K]['value']> } = {
  text: () => z.string(),
  optionalText: () => z.string().nullable(),
  count: () => z.number(),
  location: () => location,
  optionalLocation: () => location.nullable(),
  textList: () => z.array(z.string()),
  flag: () => z.boolean(),
  priority: () => z.enum(['low', 'medium', 'high']).nullable(),
};

/**
 * The fields a client may set, as an export holds them: each of its kind, a new note's value
 * when absent (an export from before the field). The notes service cleans them next.
 */
function clientFieldsAsExported(): Record<string, z.ZodType> {
  return Object.fromEntries(
    clientFields.map((f) => {
      const value = exportedValue[noteShape[f].storage]() as z.ZodType<unknown>;
      return [f, value.default(() => initialValue(f))];
    }),
  );
}

const exportedNote = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .refine((id) => !id.includes('\u0000'), 'must not contain the NUL character'),
  ...clientFieldsAsExported(),
  location: location.default('notes'),
  previousLocation: location.nullable().default(null),
  trashedAt: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/**
 * A Jotter export: `{format: 'jotter-notes', version: 1, exportedAt, notes: [...],
 * attachments: [...]}`. `attachments` (since issue 40; a reader of version 1 that does not know
 * it passes it by) holds the files the notes show.
 */
export const jotterExportSchema = z.object({
  format: z.literal(exportFormat.format),
  version: z.literal(exportFormat.version, 'is a version this server cannot read'),
  notes: z.array(z.unknown()),
  attachments: z.array(z.unknown()).optional(),
});

/** One attachment of an export: `{_id, name, contentType, data}`, the bytes in base64. */
export const exportedAttachment = z.object({
  _id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be an attachment id (letters, digits, - and _)'),
  name: z.string().max(1000).default(''),
  contentType: z.string().max(200).optional(),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

export const looksLikeJotterExport = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as { format?: unknown }).format === exportFormat.format;

/** The order of a version 1 export's fields; fields declared since follow, in declaration order. */
const firstExported: readonly NoteField[] = [
  'id',
  'title',
  'content',
  'textContent',
  'color',
  'priority',
  'tags',
  'pinned',
  'location',
  'previousLocation',
  'trashedAt',
  'createdAt',
  'updatedAt',
  'version',
];
const exported = [...firstExported, ...noteFields.filter((f) => !firstExported.includes(f))];

/** One note as an export writes it: every field, so an import brings it back as it was. */
export function exportedFields(note: NoteRecord): NoteRecord {
  const fields: Partial<Record<NoteField, unknown>> = {};
  for (const field of exported) fields[field] = note[field];
  return fields as NoteRecord;
}

/** The notes of a Jotter export; a note that does not fit the format is skipped, by its place. */
export function readJotterExport(file: string, value: unknown): SourceFile {
  const parsed = jotterExportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      notes: [],
      skipped: [
        {
          file,
          reason: `not a readable Jotter export: ${issue?.path.join('.') || 'file'} ${issue?.message ?? 'is invalid'}`,
        },
      ],
    };
  }
  const result: SourceFile = { notes: [], skipped: [] };
  const attachments = new Map<string, ExportedAttachment>();
  (parsed.data.attachments ?? []).forEach((raw, index) => {
    const attachment = exportedAttachment.safeParse(raw);
    if (!attachment.success) {
      const issue = attachment.error.issues[0];
      result.skipped.push({
        file: `${file} (attachment ${index + 1})`,
        reason: `${issue?.path.join('.') || 'attachment'}: ${issue?.message ?? 'is invalid'}`,
      });
      return;
    }
    const { _id, name, data } = attachment.data;
    attachments.set(_id, { _id, name, data });
  });
  parsed.data.notes.forEach((raw, index) => {
    const note = exportedNote.safeParse(raw);
    if (!note.success) {
      const issue = note.error.issues[0];
      result.skipped.push({
        file: `${file} (note ${index + 1})`,
        reason: `${issue?.path.join('.') || 'note'}: ${issue?.message ?? 'is invalid'}`,
      });
      return;
    }
    const n = note.data;
    result.notes.push({
      file: `${file} (note ${index + 1})`,
      key: importKey('jotter', n.id),
      fields: Object.fromEntries(clientFields.map((f) => [f, (n as Record<string, unknown>)[f]])),
      location: n.location,
      // Restoring puts a note back in the notes or the archive, whatever the file says.
      previousLocation:
        n.location === 'trash' ? (n.previousLocation === 'archive' ? 'archive' : 'notes') : null,
      trashedAt: n.location === 'trash' ? isoTime(n.trashedAt ?? undefined) : undefined,
      createdAt: isoTime(n.createdAt),
      updatedAt: isoTime(n.updatedAt),
      sourceId: n.id,
      exported: attachments,
    });
  });
  return result;
}
