import type { Note } from '../api/note-fields';
import type { Draft } from '../editor/draft';

/**
 * What the user has typed in an editor and not yet saved, kept in this browser's localStorage as
 * it is typed: after a reload, a crash, a closed tab or an expired session, the editor offers it
 * back. Kept per user and per note ('new' for the new-note editor), with the version of the note
 * it was typed over, so a change made elsewhere meanwhile is merged or offered as a choice.
 */
export interface LocalDraft {
  draft: Draft;
  /** The note as it was when the draft began; null for a new note. */
  base: Note | null;
  savedAt: string;
  /**
   * True for a change made offline that met another change to the same note when it was sent
   * (outbox.ts): it waits here for the user to choose, and the notes pages say so.
   */
  awaitsChoice?: boolean;
}

/** A draft nobody came back to for this long is dropped. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const storageKey = (userId: string) => `jotter.drafts.${userId}`;

const listeners = new Set<() => void>();

/** Calls `listener` whenever a draft is kept or dropped in this tab; returns the unsubscribe. */
export function onDraftsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readAll(userId: string): Record<string, LocalDraft> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, LocalDraft>) : {};
  } catch {
    return {};
  }
}

function writeAll(userId: string, drafts: Record<string, LocalDraft>): void {
  const now = Date.now();
  const kept = Object.entries(drafts).filter(([, d]) => now - Date.parse(d.savedAt) < KEEP_MS);
  try {
    if (kept.length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(Object.fromEntries(kept)));
  } catch (error) {
    // A full or blocked storage must not stop the editor; the text is still on screen.
    console.error('The draft could not be kept in this browser:', error);
  }
  listeners.forEach((listener) => listener());
}

export function loadDraft(userId: string, key: string): LocalDraft | undefined {
  return readAll(userId)[key];
}

/** Keeps a draft (still awaiting a choice if it was). */
export function keepDraft(
  userId: string,
  key: string,
  draft: Draft,
  base: Note | null,
  { awaitsChoice }: { awaitsChoice?: boolean } = {},
): void {
  const drafts = readAll(userId);
  const kept: LocalDraft = { draft, base, savedAt: new Date().toISOString() };
  if (awaitsChoice ?? drafts[key]?.awaitsChoice) kept.awaitsChoice = true;
  writeAll(userId, { ...drafts, [key]: kept });
}

export function dropDraft(userId: string, key: string): void {
  const drafts = readAll(userId);
  if (!(key in drafts)) return;
  delete drafts[key];
  writeAll(userId, drafts);
}

/** The drafts of changes made offline that wait for the user's choice, by note id. */
export function draftsAwaitingChoice(userId: string): Array<[string, LocalDraft]> {
  return Object.entries(readAll(userId)).filter(([, draft]) => draft.awaitsChoice);
}
