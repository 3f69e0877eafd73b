import { z } from 'zod';

import type { NoteRecord } from '../../store';
import { importKey, isoTime, type SourceFile } from './source-note';

/** The format name and version a Jotter JSON export carries. */
export const exportFormat = { format: 'jotter-notes', version: 1 } as const;

const location = z.enum(['notes', 'archive', 'trash']);

const exportedNote = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .refine((id) => !id.includes('\u0000'), 'must not contain the NUL character'),
  title: z.string().default(''),
  content: z.string().default(''),
  color: z.string().default(''),
  priority: z.enum(['low', 'medium', 'high']).nullable().default(null),
  tags: z.array(z.string()).default([]),
  pinned: z.boolean().default(false),
  location: location.default('notes'),
  previousLocation: location.nullable().default(null),
  trashedAt: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** A Jotter export: `{format: 'jotter-notes', version: 1, exportedAt, notes: [...]}`. */
export const jotterExportSchema = z.object({
  format: z.literal(exportFormat.format),
  version: z.literal(exportFormat.version, 'is a version this server cannot read'),
  notes: z.array(z.unknown()),
});

export const looksLikeJotterExport = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (value as { format?: unknown }).format === exportFormat.format;

/** One note as an export writes it: every field, so an import brings it back as it was. */
export function exportedFields(note: NoteRecord) {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    textContent: note.textContent,
    color: note.color,
    priority: note.priority,
    tags: note.tags,
    pinned: note.pinned,
    location: note.location,
    previousLocation: note.previousLocation,
    trashedAt: note.trashedAt,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    version: note.version,
  };
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
      fields: {
        title: n.title,
        content: n.content,
        color: n.color,
        priority: n.priority,
        tags: n.tags,
      },
      pinned: n.pinned,
      location: n.location,
      // Restoring puts a note back in the notes or the archive, whatever the file says.
      previousLocation:
        n.location === 'trash' ? (n.previousLocation === 'archive' ? 'archive' : 'notes') : null,
      trashedAt: n.location === 'trash' ? isoTime(n.trashedAt ?? undefined) : undefined,
      createdAt: isoTime(n.createdAt),
      updatedAt: isoTime(n.updatedAt),
      sourceId: n.id,
    });
  });
  return result;
}
