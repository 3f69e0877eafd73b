import crypto from 'node:crypto';
import path from 'node:path';

import { AppError, badInput } from '../../errors';
import { emptyNote, type NoteRecord, type Store } from '../../store';
import { now } from '../clock';
import { unifyImportedLabels } from '../labels';
import { cleanNoteFields } from '../note-fields';
import { looksLikeJotterExport, readJotterExport } from './jotter-export';
import { looksLikeKeepNote, readKeepNote } from './keep';
import { importLimits } from './limits';
import { readMarkdownNote } from './markdown';
import type { Skipped, SourceFile, SourceNote } from './source-note';
import { readZip } from './zip-reader';

/** What an import reads: a zip in a (temporary) file, or a JSON text. */
export type ImportSource =
  { kind: 'zip'; path: string } | { kind: 'json'; name: string; text: string };

export interface ImportResult {
  /** Notes added. */
  imported: number;
  /** Notes of the file already there: imported before, or the user's own exported notes. */
  alreadyImported: number;
  /** Files (or notes of a file) left out, and why. */
  skipped: Skipped[];
}

/** Keep's attachments and other media lie beside the notes; the notes' JSON lists them. */
const mediaExtensions = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.heic',
  '.bmp',
  '.3gp',
  '.amr',
  '.awb',
  '.m4a',
  '.mp3',
  '.mp4',
  '.wav',
  '.ogg',
  '.webm',
]);
/** Takeout's HTML twins of each note, its overview page and Labels.txt repeat what the JSON says. */
const ignoredExtensions = new Set(['.html', '.htm', '.txt']);

/**
 * Why a file of a zip that is not a note file is left out, or undefined for one passed by
 * silently: a Takeout's companions of its notes (the JSON says what they say; its attachments
 * are listed by their notes, see keep.ts). Any other file left out is listed with this.
 */
function notReadBecause(name: string, ext: string): string | undefined {
  const companion = ignoredExtensions.has(ext) || mediaExtensions.has(ext);
  if (companion && name.startsWith('Takeout/')) return undefined;
  if (mediaExtensions.has(ext)) {
    return 'a picture or other media file: Jotter imports the notes of a zip, not files beside them';
  }
  return 'not a note file: Jotter imports .json (Google Keep, Jotter) and .md files';
}

/** A JSON text as a source file: a Keep note or a Jotter export, told apart by shape. */
function readJson(file: string, text: string): SourceFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { notes: [], skipped: [{ file, reason: 'not valid JSON' }] };
  }
  if (looksLikeJotterExport(value)) return readJotterExport(file, value);
  if (looksLikeKeepNote(value)) return readKeepNote(file, text, value);
  return {
    notes: [],
    skipped: [
      { file, reason: 'a JSON file that is neither a Google Keep note nor a Jotter export' },
    ],
  };
}

/** A JSON upload: unlike a JSON file inside a zip, one that cannot be read refuses the import. */
function readUpload(file: string, text: string): SourceFile {
  const read = readJson(file, text);
  if (read.notes.length === 0 && read.skipped.length === 1 && read.skipped[0]?.file === file) {
    throw badInput('file', `${read.skipped[0].reason}; nothing was imported`);
  }
  return read;
}

/** Every note file of a zip, one entry at a time, each handed to `add` as soon as it is read. */
async function readZipSource(zipPath: string, add: (part: SourceFile) => void): Promise<void> {
  let seen = 0;
  const counted = (part: SourceFile) => {
    seen += part.notes.length + part.skipped.length;
    add(part);
  };
  await readZip(zipPath, async (entry) => {
    const name = entry.name;
    const base = path.posix.basename(name);
    if (name.startsWith('__MACOSX/') || base === '.DS_Store') return;
    const ext = path.posix.extname(base).toLowerCase();
    if (ext !== '.json' && ext !== '.md' && ext !== '.markdown') {
      const reason = notReadBecause(name, ext);
      if (reason !== undefined) counted({ notes: [], skipped: [{ file: name, reason }] });
      return;
    }
    if (entry.encrypted) {
      counted({ notes: [], skipped: [{ file: name, reason: 'encrypted: Jotter cannot read it' }] });
      return;
    }
    const text = await entry.text(importLimits.entryBytes);
    counted(ext === '.json' ? readJson(name, text) : readMarkdownNote(name, text));
  });
  if (seen === 0) {
    throw badInput(
      'file',
      'the zip holds no notes: Jotter imports a Google Keep Takeout, Markdown (.md) files or a Jotter export',
    );
  }
}

/** A source note as a stored note, or the reason it cannot be one. */
function toRecord(source: SourceNote, at: string): NoteRecord {
  const createdAt = source.createdAt ?? at;
  const note = emptyNote({
    id: crypto.randomUUID(),
    location: source.location,
    createdAt,
    updatedAt: source.updatedAt ?? createdAt,
  });
  return {
    ...note,
    ...cleanNoteFields(source.fields),
    previousLocation: source.previousLocation,
    // A note that arrives in the trash keeps the time its export says it was trashed; from
    // elsewhere (Keep), it gets the trash's full retention from the import on.
    trashedAt: source.location === 'trash' ? (source.trashedAt ?? at) : null,
  };
}

/** Imports: Google Keep Takeout zips, zips of Markdown files and Jotter's own JSON exports. */
export function importService(store: Store) {
  let running = 0;

  async function importNotes(userId: string, source: ImportSource): Promise<ImportResult> {
    const at = now();
    const skipped: Skipped[] = [];
    const seen = new Set<string>();
    // Only what the transaction needs is kept: each note is cleaned as soon as it is read, so
    // the file's text does not stay in memory beside the notes made from it.
    const ready: Array<{ key: string; sourceId?: string; record: NoteRecord }> = [];
    let repeated = 0;
    let moreSkipped = 0;
    const skip = (items: readonly Skipped[]) => {
      for (const item of items) {
        if (skipped.length < importLimits.skippedListed) skipped.push(item);
        else moreSkipped += 1;
      }
    };
    const take = (part: SourceFile) => {
      skip(part.skipped);
      for (const note of part.notes) {
        if (seen.has(note.key)) {
          repeated += 1;
          continue;
        }
        seen.add(note.key);
        if (seen.size > importLimits.notes) {
          throw badInput(
            'file',
            `more than ${importLimits.notes} notes in one file: split it into smaller ones; nothing was imported`,
          );
        }
        try {
          ready.push({ key: note.key, sourceId: note.sourceId, record: toRecord(note, at) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skip([{ file: note.file, reason: error.message }]);
        }
      }
    };
    if (source.kind === 'zip') await readZipSource(source.path, take);
    else take(readUpload(source.name, source.text));
    const imported = await store.transaction(async (tx) => {
      const claimed = await tx.imports.claim(
        userId,
        ready.map((r) => ({ key: r.key, noteId: r.record.id })),
        at,
      );
      let fresh = ready.filter((r) => claimed.has(r.key));
      // The user's own export, imported into the same account: those notes are there already.
      const sourceIds = fresh.flatMap((r) => (r.sourceId ? [r.sourceId] : []));
      if (sourceIds.length > 0) {
        const mine = new Set<string>();
        for (let i = 0; i < sourceIds.length; i += 500) {
          const found = await tx.notes.findMany(userId, sourceIds.slice(i, i + 500));
          for (const note of found) mine.add(note.id);
        }
        fresh = fresh.filter((r) => !r.sourceId || !mine.has(r.sourceId));
      }
      const records = fresh.map((r) => r.record);
      await unifyImportedLabels(tx, userId, records);
      await tx.notes.insertMany(userId, records);
      if (records.length > 0) {
        await tx.events.appendMany(
          userId,
          records.map((r) => r.id),
          'UPSERTED',
          at,
        );
      }
      return records.length;
    });
    if (moreSkipped > 0) {
      skipped.push({
        file: `${moreSkipped} more files`,
        reason: 'not listed: the list is long enough',
      });
    }
    return { imported, alreadyImported: ready.length - imported + repeated, skipped };
  }

  return {
    /**
     * Reads the file and adds its notes in one transaction: all of them or, on any failure,
     * none. A file that cannot be read at all is refused (BAD_USER_INPUT) before anything is
     * stored; a note or file inside that cannot be used is listed as skipped with its reason.
     */
    async importFile(userId: string, source: ImportSource): Promise<ImportResult> {
      if (running >= importLimits.concurrent) {
        throw new AppError(
          'RATE_LIMITED',
          'Other imports are running on this server right now; try again in a minute.',
        );
      }
      running += 1;
      try {
        return await importNotes(userId, source);
      } finally {
        running -= 1;
      }
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
