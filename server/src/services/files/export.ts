import { Readable } from 'node:stream';

import yazl from 'yazl';

import type { NoteRecord, NoteWalkKey, Store } from '../../store';
import { now } from '../clock';
import type { PublicUser } from '../users';
import { exportFormat, exportedFields } from './jotter-export';
import { fileNamer, noteToMarkdown } from './markdown';

/** Notes read per step of an export: memory stays flat however many notes there are. */
const stepSize = 500;

/** Exports: everything of a user as Jotter JSON, or as a zip of Markdown files. */
export function exportService(store: Store) {
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
     * pieces: `{format, version, exportedAt, user, notes: [...]}`. Importing it brings the notes
     * back as they were (new ids; into the same account, nothing is added twice).
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
      for await (const notes of notesOf(user.id)) {
        const parts = notes.map((n) => JSON.stringify(exportedFields(n)));
        yield `${first ? '' : ','}\n${parts.join(',\n')}`;
        first = false;
      }
      yield '\n]}\n';
    },

    /** A zip of one Markdown file per note (front matter for the fields), as a stream. */
    markdown(userId: string): Readable {
      const zip = new yazl.ZipFile();
      const name = fileNamer();
      // yazl's stream is a PassThrough (typed as the bare NodeJS interface).
      const output = zip.outputStream as Readable;
      void (async () => {
        for await (const notes of notesOf(userId)) {
          for (const note of notes) {
            // A stream entry is deflated only when its turn comes (one zlib stream at a time);
            // addBuffer would start a deflate for every note at once (256 kB of state each).
            zip.addReadStream(Readable.from([Buffer.from(noteToMarkdown(note))]), name(note), {
              mtime: new Date(note.updatedAt),
            });
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
