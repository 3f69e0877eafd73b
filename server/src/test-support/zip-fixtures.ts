import yazl from 'yazl';

/** One file of a fixture zip. */
export interface ZipFixtureEntry {
  name: string;
  data: string | Buffer;
}

/** A zip holding `entries` (deflated), as bytes. */
export function zipOf(entries: readonly ZipFixtureEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    zip.addBuffer(typeof e.data === 'string' ? Buffer.from(e.data) : e.data, e.name, {
      mtime: new Date('2024-01-01T00:00:00Z'),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Renames an entry in a built zip, both in its local header and in the central directory: the
 * way to make names no zip writer would write (`../x`, `/x`). `from` and `to` must be the same
 * length.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('renameEntry: names of different lengths');
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  while (at !== -1) {
    out.write(to, at, 'utf8');
    at = out.indexOf(from, at + 1);
  }
  return out;
}

/**
 * Makes every entry claim `size` bytes once inflated (local headers and central directory):
 * a zip that lies about its sizes, as a zip bomb does to slip past a check of declared sizes.
 */
export function lieAboutSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i += 1) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

/**
 * Makes a zip's end record claim `count` entries (at most 65,535): how a test shows the entry
 * cap refusing a zip before reading any of it, without building tens of thousands of entries.
 */
export function claimEntryCount(zip: Buffer, count: number): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  out.writeUInt16LE(count, end + 8);
  out.writeUInt16LE(count, end + 10);
  return out;
}

const usec = (iso: string) => Date.parse(iso) * 1000;

/** A Google Keep note's JSON as Takeout writes it (shared/formats/google-keep-takeout.md). */
export function keepNote(fields: Record<string, unknown>): string {
  return JSON.stringify({
    color: 'DEFAULT',
    isTrashed: false,
    isPinned: false,
    isArchived: false,
    title: '',
    userEditedTimestampUsec: usec('2021-08-26T12:50:12.122Z'),
    ...fields,
  }).replaceAll('</', '<\\/');
}

export { usec };

/**
 * A Takeout zip with every kind of Keep note: text, checklist, labels, colours, pinned, archived,
 * trashed, untitled (no createdTimestampUsec, as in 2021 exports), one with an attachment and
 * its file (not a picture: refused), the HTML twins, Labels.txt and the overview page; one note under a German folder.
 */
export function takeoutEntries(): ZipFixtureEntry[] {
  return [
    { name: 'Takeout/archive_browser.html', data: '<html><body>Keep</body></html>' },
    { name: 'Takeout/Keep/Labels.txt', data: 'cats\nshopping\nunused\n' },
    {
      name: 'Takeout/Keep/Shopping.json',
      data: keepNote({
        title: 'Shopping',
        color: 'GREEN',
        isPinned: true,
        listContent: [
          { textHtml: 'Milk', text: 'Milk', isChecked: true },
          { textHtml: 'Eggs &amp; ham', text: 'Eggs & ham', isChecked: false },
        ],
        createdTimestampUsec: usec('2020-01-02T03:04:05.000Z'),
        userEditedTimestampUsec: usec('2021-02-03T04:05:06.000Z'),
        labels: [{ name: 'shopping' }],
      }),
    },
    { name: 'Takeout/Keep/Shopping.html', data: '<html><body>twin</body></html>' },
    {
      name: 'Takeout/Keep/Cats.json',
      data: keepNote({
        title: 'Cats',
        color: 'RED',
        textContent: 'Line one\nLine <two> & three',
        textContentHtml: '<p dir="ltr"><span>Line one</span></p>',
        labels: [{ name: 'cats' }, { name: 'pets' }],
        annotations: [{ description: 'x', source: 'WEBLINK', title: 'x', url: 'https://x.test' }],
        sharees: [{ isOwner: true, type: 'WRITER', email: 'a@b.test' }],
      }),
    },
    {
      name: 'Takeout/Keep/Old ideas.json',
      data: keepNote({
        title: 'Old ideas',
        textContent: 'archived',
        isArchived: true,
        color: 'CERULEAN',
      }),
    },
    {
      name: 'Takeout/Keep/Gone.json',
      data: keepNote({ title: 'Gone', textContent: 'trashed', isTrashed: true, isArchived: true }),
    },
    {
      name: 'Takeout/Keep/2021-08-26T12_50_12.122+05_00.json',
      data: keepNote({ textContent: 'untitled, no created time', color: 'GRAY' }),
    },
    {
      name: 'Takeout/Keep/Photo note.json',
      data: keepNote({
        attachments: [{ filePath: '1629964333125.746683646.jpeg', mimetype: 'image/jpeg' }],
        title: 'Photo note',
        textContent: '<script>alert(1)</script>look',
      }),
    },
    // Named .jpeg by its note (Takeout does so), and not a picture: refused, listed as skipped.
    { name: 'Takeout/Keep/1629964333125.746683646.jpg', data: 'not a picture' },
    {
      name: 'Takeout/Google Notizen/Einkauf.json',
      data: keepNote({ title: 'Einkauf', textContent: 'Brot', color: 'YELLOW' }),
    },
    { name: 'Takeout/Keep/notes.pdf', data: 'not a note' },
  ];
}
