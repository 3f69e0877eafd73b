import crypto from 'node:crypto';

import type { ClientField, NoteLocation, NoteRecord } from '../../store';

/** A note read from an imported file, before the note rules clean it (see cleanNoteFields). */
export interface SourceNote {
  /** The file it came from, for the summary. */
  file: string;
  /** Names the source note for good: a second import of the same file finds it taken. */
  key: string;
  /** What a client could send: validated and sanitised like any other write. */
  fields: Partial<Pick<NoteRecord, ClientField>>;
  location: NoteLocation;
  previousLocation: NoteLocation | null;
  /** When a trashed note went to the trash (a Jotter export says); else the import time. */
  trashedAt?: string;
  /** ISO times from the source; the import time when the source has none. */
  createdAt?: string;
  updatedAt?: string;
  /** A Jotter export's id for the note: the user's own export imported again adds nothing. */
  sourceId?: string;
  /** Files beside the note that its content shows (a Takeout's photos, a Markdown file's images). */
  files?: LinkedFile[];
  /** The attachments of the Jotter export the note came from, by their id in it. */
  exported?: ReadonlyMap<string, ExportedAttachment>;
}

/**
 * A file of the zip that a note's content shows as `<img src="{src}">`: the import stores it as
 * an attachment and puts the attachment's address there, or takes the image out and says why.
 */
export interface LinkedFile {
  /** The `src` the note's content gives the image until the file is stored. */
  src: string;
  /** The file's path inside the zip. */
  path: string;
  /** Keep's notes name their files with another extension at times: any extension will do. */
  anyExtension: boolean;
}

/** One attachment as a Jotter JSON export carries it. */
export interface ExportedAttachment {
  _id: string;
  name: string;
  /** The bytes, base64. */
  data: string;
}

/** The `src` an image has in a note until the import has stored its file. */
export const pendingSrc = () => `/api/attachments/import-${crypto.randomUUID()}`;

/** A file (or a part of one) left out of an import, and why. */
export interface Skipped {
  file: string;
  reason: string;
}

/** What one file of an import yielded. */
export interface SourceFile {
  notes: SourceNote[];
  skipped: Skipped[];
}

/** A stable key from the parts that identify a source note. */
export const importKey = (...parts: string[]): string =>
  crypto.createHash('sha256').update(parts.join('\u0000')).digest('base64url');

/** Where a note goes from the usual archived/trashed flags. */
export function placeOf(archived: boolean, trashed: boolean) {
  const from: NoteLocation = archived ? 'archive' : 'notes';
  return trashed
    ? { location: 'trash' as const, previousLocation: from }
    : { location: from, previousLocation: null };
}

/** An ISO time, or undefined for anything that is not a valid date. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    return undefined;
  }
  const date = new Date(value);
  const t = date.getTime();
  // Between 1970 and 9999: a time outside is a mistake in the file, not a note's date.
  return Number.isFinite(t) && t >= 0 && t < 253402300800000 ? date.toISOString() : undefined;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text: nothing in it can become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** Plain text as rich text: one paragraph per line. */
export const textToHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '<p><br></p>'))
    .join('');

/** A checklist as DESIGN.md has it: `<ul data-checklist><li data-checked="…">`. */
export const checklistHtml = (items: ReadonlyArray<{ text: string; checked: boolean }>) =>
  `<ul data-checklist>${items
    .map((i) => `<li data-checked="${i.checked ? 'true' : 'false'}">${escapeHtml(i.text)}</li>`)
    .join('')}</ul>`;

/**
 * Keep's colours (and their lower-case names in Markdown front matter) as Jotter's six. Keep has
 * twelve: the nearest of Jotter's stands in; grey and default are no colour.
 */
export const namedColours: Record<string, string> = {
  default: '',
  gray: '',
  grey: '',
  red: '#F29191',
  pink: '#F29191',
  orange: '#FF7F3F',
  yellow: '#E2C275',
  brown: '#E2C275',
  green: '#14C38E',
  teal: '#14C38E',
  blue: '#3AB0FF',
  cerulean: '#3AB0FF',
  purple: '#A2416B',
};
