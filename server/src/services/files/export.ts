import { Readable } from 'node:stream';

import yazl from 'yazl';

import { AppError } from '../../errors';
import type { NoteRecord, NoteWalkKey, Store } from '../../store';
import type { AttachmentFile, AttachmentsService } from '../attachments/api';
import { now } from '../clock';
import type { PublicUser } from '../users';
import { exportFormat, exportedFields } from './jotter-export';
import { attachmentFileName, fileNamer, noteToMarkdown } from './markdown';

/** Notes read per step of an export: memory stays flat however many notes there are. */
const stepSize = 500;

/**
 * Exports: everything of a user as Jotter JSON, or as a zip of Markdown files, with the
 * attachments their notes show.
 */
export function exportService(store: Store, attachments: AttachmentsService) {
  /** An attachment's bytes as the user may read them; undefined for one they may not (or gone). */
  async function readable(userId: string, id: string): Promise<AttachmentFile | undefined> {
    try {
      return await attachments.read(userId, id);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  async function* notesOf(userId: string): AsyncGenerator<NoteRecord[]> {
    let after: NoteWalkKey | undefined;
    for (;;) {
      const notes = await store.notes.walk(userId, after, stepSize);
      if (notes.length > 0) yield notes;
      if (notes.length < stepSize) return;
      const last = notes[notes.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  return {
    /**
     * The user's account and every note (all places, every field) as one JSON document, in
     * pieces: `{format, version, exportedAt, user, notes: [...], attachments: [...]}`, the
     * attachments the notes show as `{_id, name, contentType, data}` (bytes in base64), read one
     * at a time. Importing it brings the notes back as they were (new ids; into the same
     * account, nothing is added twice).
     */
    async *json(user: PublicUser): AsyncGenerator<string> {
      const head = {
        ...exportFormat,
        exportedAt: now(),
        user: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          createdAt: user.createdAt,
        },
      };
      yield `${JSON.stringify(head).slice(0, -1)},"notes":[`;
      let first = true;
      // Ids only: the bytes are read after the notes, one attachment at a time.
      const shown = new Set<string>();
      for await (const notes of notesOf(user.id)) {
        const parts = notes.map((n) => JSON.stringify(exportedFields(n)));
        for (const note of notes) for (const id of attachments.idsIn(note.content)) shown.add(id);
        yield `${first ? '' : ','}\n${parts.join(',\n')}`;
        first = false;
      }
      yield '\n],"attachments":[';
      first = true;
      for (const id of shown) {
        const file = await readable(user.id, id);
        if (!file) continue;
        const { record } = file;
        yield `${first ? '' : ','}\n${JSON.stringify({
          _id: record.id,
          name: record.name,
          contentType: record.contentType,
          data: file.bytes.toString('base64'),
        })}`;
        first = false;
      }
      yield '\n]}\n';
    },

    /**
     * A zip of one Markdown file per note (front matter for the fields), as a stream. The
     * attachments the notes show lie in `attachments/` as `{id}-{name}`, each once, the notes
     * linking them by relative paths.
     */
    markdown(userId: string): Readable {
      const zip = new yazl.ZipFile();
      const name = fileNamer();
      // yazl's stream is a PassThrough (typed as the bare NodeJS interface).
      const output = zip.outputStream as Readable;
      let closed = false;
      output.once('close', () => {
        closed = true;
      });
      /** Each attachment's path in the zip; undefined for one the user may not read. */
      const written = new Map<string, string | undefined>();
      /**
       * Adds an attachment's file and waits until the zip has taken its bytes: one attachment's
       * bytes in memory at a time, however many there are.
       */
      async function addAttachment(id: string): Promise<void> {
        const file = await readable(userId, id);
        if (!file) {
          written.set(id, undefined);
          return;
        }
        const at = attachmentFileName(id, file.record.name);
        written.set(id, at);
        const bytes = Readable.from([file.bytes]);
        const taken = new Promise<void>((resolve) => {
          bytes.once('close', resolve);
          output.once('close', resolve);
        });
        zip.addReadStream(bytes, at, { mtime: new Date(file.record.createdAt), compress: false });
        await taken;
      }
      void (async () => {
        for await (const notes of notesOf(userId)) {
          for (const note of notes) {
            if (closed) return;
            for (const id of attachments.idsIn(note.content)) {
              if (!written.has(id)) await addAttachment(id);
            }
            const fileName = name(note);
            const up = '../'.repeat(fileName.split('/').length - 1);
            const fileOf = (id: string) => {
              const at = written.get(id);
              return at === undefined ? undefined : `${up}${at}`;
            };
            // A stream entry is deflated only when its turn comes (one zlib stream at a time);
            // addBuffer would start a deflate for every note at once (256 kB of state each).
            zip.addReadStream(
              Readable.from([Buffer.from(noteToMarkdown(note, fileOf))]),
              fileName,
              {
                mtime: new Date(note.updatedAt),
              },
            );
          }
        }
        zip.end();
      })().catch((error: unknown) => {
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return output;
    },
  };
}

export type ExportService = ReturnType<typeof exportService>;
