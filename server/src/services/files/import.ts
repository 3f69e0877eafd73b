import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { AppError, badInput } from '../../errors';
import { emptyNote, type NoteRecord, type Store } from '../../store';
import type { AttachmentsService } from '../attachments/api';
import { now } from '../clock';
import { unifyImportedLabels } from '../labels';
import { cleanNoteFields } from '../note-fields';
import { htmlToText } from '../sanitize';
import { looksLikeJotterExport, readJotterExport } from './jotter-export';
import { looksLikeKeepNote, readKeepNote } from './keep';
import { importLimits } from './limits';
import { readMarkdownNote } from './markdown';
import type {
  ExportedAttachment,
  LinkedFile,
  Skipped,
  SourceFile,
  SourceNote,
} from './source-note';
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

const unusedMedia =
  'a picture or other media file that no note of the zip shows: Jotter imports the notes of a zip and the images they link, not other files beside them';

/**
 * Why a file of a zip that is not a note file is left out when no note shows it, or undefined
 * for one passed by silently: a Takeout's companions of its notes (the JSON says what they say;
 * its attachments are listed by their notes, see keep.ts).
 */
function notReadBecause(name: string, ext: string): string | undefined {
  const companion = ignoredExtensions.has(ext) || mediaExtensions.has(ext);
  if (companion && name.startsWith('Takeout/')) return undefined;
  if (mediaExtensions.has(ext)) return unusedMedia;
  return 'not a note file: Jotter imports .json (Google Keep, Jotter) and .md files';
}

/** A zip path without its extension: how a Takeout's note names its files (keep.ts). */
const stemOf = (name: string) => {
  const ext = path.posix.extname(name);
  return ext ? name.slice(0, -ext.length) : name;
};

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

/**
 * Every note file of a zip, one entry at a time, each handed to `add` as soon as it is read.
 * The other files left out are handed to `besides`: they are listed unless a note shows them.
 */
async function readZipSource(
  zipPath: string,
  add: (part: SourceFile) => void,
  besides: (item: Skipped) => void,
): Promise<void> {
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
      if (reason !== undefined) {
        seen += 1;
        besides({ file: name, reason });
      }
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

/** A note read and cleaned, waiting for its transaction. */
interface ReadyNote {
  key: string;
  sourceId?: string;
  record: NoteRecord;
  /** Files of the zip its content shows, still to be stored. */
  files: LinkedFile[];
  /** Attachments of the export its content shows (by their id in the export), still to be stored. */
  exportIds: string[];
  exported?: ReadonlyMap<string, ExportedAttachment>;
}

/** What became of an attachment of a note: the `src` it gets, or why it was taken out (and its file). */
type Outcome = { src: string } | { reason: string; file?: string };

const imageTag = /<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/g;

/** A note's content with its images' `src` changed, or the images taken out, as `outcomes` say. */
function rewriteImages(content: string, outcomes: ReadonlyMap<string, Outcome>): string {
  return content.replace(imageTag, (tag, src: string) => {
    const outcome = outcomes.get(src);
    if (!outcome) return tag;
    if ('reason' in outcome) return '';
    return tag.replace(`src="${src}"`, `src="${outcome.src}"`);
  });
}

const attachmentUrl = (id: string) => `/api/attachments/${id}`;

/** Why the attachments refused a file, without the field name its message starts with. */
const refusal = (error: AppError) =>
  error.field && error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;

/**
 * Imports: Google Keep Takeout zips, zips of Markdown files and Jotter's own JSON exports, the
 * images their notes show stored as attachments.
 */
export function importService(store: Store, attachments: AttachmentsService) {
  let running = 0;

  /**
   * Stores the files of the zip that `files` name, one entry at a time (a second reading of the
   * zip: a Takeout's photos may come before or after their notes); what cannot be stored (not in
   * the zip, a type or size the attachments refuse) gets its reason.
   */
  async function storeZipFiles(
    userId: string,
    zipPath: string | undefined,
    files: readonly LinkedFile[],
  ): Promise<Map<LinkedFile, Outcome>> {
    const outcomes = new Map<LinkedFile, Outcome>();
    if (files.length === 0) return outcomes;
    const byName = new Map<string, LinkedFile[]>();
    const byStem = new Map<string, LinkedFile[]>();
    for (const file of files) {
      const index = file.anyExtension ? byStem : byName;
      const key = file.anyExtension ? stemOf(file.path) : file.path;
      index.set(key, [...(index.get(key) ?? []), file]);
    }
    if (zipPath !== undefined) {
      await readZip(zipPath, async (entry) => {
        const ext = path.posix.extname(entry.name).toLowerCase();
        // A note's own files (its JSON, its HTML twin) are never its pictures.
        const notePart = ignoredExtensions.has(ext) || ext === '.json' || ext === '.md';
        const wanting = [
          ...(byName.get(entry.name) ?? []),
          ...((notePart ? undefined : byStem.get(stemOf(entry.name))) ?? []),
        ].filter((f) => !outcomes.has(f));
        if (wanting.length === 0) return;
        let outcome: Outcome;
        if (entry.encrypted) {
          outcome = { reason: 'encrypted: Jotter cannot read it', file: entry.name };
        } else {
          let stream: Readable | undefined;
          try {
            stream = await entry.stream();
            const stored = await attachments.add(userId, stream, {
              name: path.posix.basename(entry.name),
            });
            outcome = { src: attachmentUrl(stored.id) };
          } catch (error) {
            // A type or size the attachments refuse, or a damaged entry: this file only.
            if (!(error instanceof AppError)) throw error;
            outcome = { reason: refusal(error), file: entry.name };
          } finally {
            stream?.destroy();
          }
        }
        for (const file of wanting) outcomes.set(file, outcome);
      });
    }
    for (const file of files) {
      if (!outcomes.has(file)) outcomes.set(file, { reason: 'not in the zip' });
    }
    return outcomes;
  }

  /**
   * Stores an export's attachment for `userId`, once per import. One the user has already (their
   * own export, imported into the same account) is used as it is, not stored twice.
   */
  async function storeExported(userId: string, attachment: ExportedAttachment): Promise<Outcome> {
    try {
      const mine = await attachments.read(userId, attachment._id);
      if (mine.record.userId === userId) return { src: attachmentUrl(attachment._id) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    try {
      const stored = await attachments.add(userId, Buffer.from(attachment.data, 'base64'), {
        name: attachment.name || undefined,
      });
      return { src: attachmentUrl(stored.id) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { reason: refusal(error) };
    }
  }

  /**
   * The notes of `ready` that will be added (not imported before, not the user's own exported
   * notes) and show files: their files are stored, and their contents point at them.
   */
  async function storeFiles(
    userId: string,
    ready: readonly ReadyNote[],
    zipPath: string | undefined,
    skip: (items: readonly Skipped[]) => void,
  ): Promise<void> {
    const showing = ready.filter((r) => r.files.length > 0 || r.exportIds.length > 0);
    if (showing.length === 0) return;
    // Notes already there keep theirs: nothing of them is stored again.
    const there = await store.transaction(async (tx) => {
      const found = new Set<ReadyNote>();
      const sourceIds = showing.flatMap((r) => (r.sourceId ? [r.sourceId] : []));
      const mine = new Set<string>();
      for (let i = 0; i < sourceIds.length; i += 500) {
        for (const note of await tx.notes.findMany(userId, sourceIds.slice(i, i + 500))) {
          mine.add(note.id);
        }
      }
      for (const r of showing) {
        if ((r.sourceId && mine.has(r.sourceId)) || (await tx.imports.noteOf(userId, r.key))) {
          found.add(r);
        }
      }
      return found;
    });
    const adding = showing.filter((r) => !there.has(r));
    const zipOutcomes = await storeZipFiles(
      userId,
      zipPath,
      adding.flatMap((r) => r.files),
    );
    const exportOutcomes = new Map<ExportedAttachment, Outcome>();
    for (const r of adding) {
      const outcomes = new Map<string, Outcome>();
      const lost: Skipped[] = [];
      const what = r.record.title ? `"${r.record.title}"` : 'an untitled note';
      for (const file of r.files) {
        const outcome = zipOutcomes.get(file)!;
        outcomes.set(file.src, outcome);
        if ('reason' in outcome) {
          lost.push({
            file: outcome.file ?? file.path,
            reason: `an attachment of ${what}: ${outcome.reason}, so the note was imported without it`,
          });
        }
      }
      for (const id of r.exportIds) {
        const attachment = r.exported!.get(id)!;
        let outcome = exportOutcomes.get(attachment);
        if (!outcome) {
          outcome = await storeExported(userId, attachment);
          exportOutcomes.set(attachment, outcome);
        }
        outcomes.set(attachmentUrl(id), outcome);
        if ('reason' in outcome) {
          lost.push({
            file: attachment.name || id,
            reason: `an attachment of ${what}: ${outcome.reason}, so the note was imported without it`,
          });
        }
      }
      const content = rewriteImages(r.record.content, outcomes);
      if (content !== r.record.content) {
        r.record.content = content;
        r.record.textContent = htmlToText(content);
      }
      skip(lost);
    }
  }

  async function importNotes(userId: string, source: ImportSource): Promise<ImportResult> {
    const at = now();
    const skipped: Skipped[] = [];
    const seen = new Set<string>();
    // Only what the transaction needs is kept: each note is cleaned as soon as it is read, so
    // the file's text does not stay in memory beside the notes made from it.
    const ready: ReadyNote[] = [];
    // Files of the zip that are not notes: listed at the end, unless a note shows them.
    const besides: Skipped[] = [];
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
          const record = toRecord(note, at);
          // Only what the cleaned content still shows (the rules may have taken an image out).
          const files = (note.files ?? []).filter((f) => record.content.includes(`"${f.src}"`));
          const exported = note.exported;
          const exportIds = exported
            ? [...new Set(attachments.idsIn(record.content))].filter((id) => exported.has(id))
            : [];
          ready.push({
            key: note.key,
            sourceId: note.sourceId,
            record,
            files,
            exportIds,
            exported: exportIds.length > 0 ? exported : undefined,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skip([{ file: note.file, reason: error.message }]);
        }
      }
    };
    if (source.kind === 'zip') {
      await readZipSource(source.path, take, (item) => {
        if (besides.length < importLimits.skippedListed) besides.push(item);
        else moreSkipped += 1;
      });
    } else {
      take(readUpload(source.name, source.text));
    }
    await storeFiles(userId, ready, source.kind === 'zip' ? source.path : undefined, skip);
    const files = ready.flatMap((r) => r.files);
    const shown = new Set(files.filter((f) => !f.anyExtension).map((f) => f.path));
    const shownStems = new Set(files.filter((f) => f.anyExtension).map((f) => stemOf(f.path)));
    skip(besides.filter((b) => !shown.has(b.file) && !shownStems.has(stemOf(b.file))));
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
