import { z } from 'zod';

import { AppError, badInput, fromZodIssues, hasNul, messages, nulMessage } from '../errors';
import { foldCase, type NoteRecord, type Store, type StoreTransaction } from '../store';
import { now } from './clock';
import { characters, limits } from './note-fields';
import { plainText } from './sanitize';

/** A blank label, in the spec's words (not prefixed with the field: the client shows it as is). */
const emptyLabel = (field: string) => new AppError('BAD_USER_INPUT', messages.labelEmpty, field);

/** A label the caller's notes already carry, in the spec's words (with the label as typed). */
const labelExists = (label: string, field: string) =>
  new AppError('CONFLICT', messages.labelExists(label), field);

/**
 * Labels that differ only in letter case are one label for the duplicate check (DESIGN.md,
 * "Deliberate departures"), compared as search compares text (foldCase).
 */
const labelKey = (label: string): string => foldCase(label);

/**
 * Refuses a label new to a note (not among `current`, its labels before) that differs only in
 * letter case from a label of the user's notes and archive (the labels the user sees), or from
 * another of `tags`: "{label} Already Exists". A label spelled exactly as one the user has is
 * that label, and fine. Only a note's new labels are checked, so a note keeps labels it had
 * before this rule. Cheap at 100,000 notes: the user's distinct labels come from the label
 * index, and the notes shown are asked about only when a label is spelled two ways.
 */
export async function checkNoteLabels(
  tx: StoreTransaction,
  userId: string,
  tags: readonly string[],
  current: readonly string[],
): Promise<void> {
  if (tags.every((tag) => current.includes(tag))) return;
  const known = new Set([...(await tx.notes.everyLabel(userId)), ...current]);
  const earlier = new Map<string, string>();
  for (const tag of tags) {
    const key = labelKey(tag);
    const isNew = !current.includes(tag);
    const before = earlier.get(key);
    if (isNew && before !== undefined && before !== tag) throw labelExists(tag, 'tags');
    earlier.set(key, tag);
    if (!isNew) continue;
    const twins = [...known].filter((other) => other !== tag && labelKey(other) === key);
    // Both spellings already shown (kept from before this rule): the one typed is a label.
    if (twins.length === 0 || (await tx.notes.labelShown(userId, tag))) continue;
    for (const other of twins) {
      if (current.includes(other) || (await tx.notes.labelShown(userId, other))) {
        throw labelExists(tag, 'tags');
      }
    }
  }
}

/**
 * Labels of imported notes as the user's labels: a label differing only in letter case from one
 * the user has (or from one met earlier in the import) takes that spelling, so an import adds no
 * second spelling of a label (a file is taken whole, never refused for it).
 */
export async function unifyImportedLabels(
  tx: StoreTransaction,
  userId: string,
  notes: readonly NoteRecord[],
): Promise<void> {
  if (notes.every((note) => note.tags.length === 0)) return;
  const spelling = new Map<string, string>();
  for (const label of (await tx.notes.everyLabel(userId)).sort()) {
    if (!spelling.has(labelKey(label))) spelling.set(labelKey(label), label);
  }
  for (const note of notes) {
    const tags = note.tags.map((tag) => {
      const key = labelKey(tag);
      if (!spelling.has(key)) spelling.set(key, tag);
      return spelling.get(key)!;
    });
    note.tags = [...new Set(tags)];
  }
}

const labelNotFound = (label: string, field: string) =>
  new AppError('NOT_FOUND', `No note carries the label ${JSON.stringify(label)}`, field);

const labelText = z
  .string('must be a string')
  .max(limits.label * 4, `must be at most ${limits.label} characters`)
  .refine((s) => !hasNul(s), nulMessage);

/**
 * A label already on notes, as the client names it: matched exactly as stored (a label is kept
 * as it was given, so trimming here could miss one), but never blank.
 */
function existingLabel(value: unknown, field: string): string {
  const parsed = labelText.safeParse(value);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues, field);
  if (parsed.data.trim().length === 0) throw emptyLabel(field);
  return parsed.data;
}

/** A new label, cleaned like the spec's editor does: plain text as typed, trimmed, not blank. */
function newLabel(value: unknown, field: string): string {
  const parsed = labelText.safeParse(value);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues, field);
  const label = plainText(parsed.data).trim();
  if (label.length === 0) throw emptyLabel(field);
  if (characters(label) > limits.label) {
    throw badInput(field, `must be at most ${limits.label} characters`);
  }
  return label;
}

/**
 * Sets each note's new labels (dropping repeats), one version and one event per note, and
 * answers with the caller's labels after.
 */
async function relabel(
  tx: StoreTransaction,
  userId: string,
  notes: readonly NoteRecord[],
  change: (tags: readonly string[]) => string[],
): Promise<string[]> {
  const updatedAt = now();
  for (const note of notes) {
    await tx.notes.update(userId, note.id, { tags: [...new Set(change(note.tags))], updatedAt });
  }
  await tx.events.appendMany(
    userId,
    notes.map((n) => n.id),
    'UPSERTED',
    updatedAt,
  );
  return tx.notes.labels(userId);
}

/**
 * Labels across all of a user's notes (main list, archive and trash alike): renaming and
 * deleting one is a change of every note carrying it, in one transaction.
 */
export function labelsService(store: Store) {
  return {
    /** Distinct labels of notes in the main list and the archive, sorted. */
    list: (userId: string): Promise<string[]> => store.notes.labels(userId),

    /**
     * Renames `from` to `to` on every note of the user. `to` may not be on any of them already,
     * in any letter case (the labels would merge with no way back), but `from` may change only
     * its case; `from` must be on at least one note.
     */
    async rename(userId: string, from: unknown, to: unknown): Promise<string[]> {
      const old = existingLabel(from, 'from');
      const label = newLabel(to, 'to');
      return store.transaction(async (tx) => {
        // The same label spelled otherwise is there already; `from` itself may change its case.
        const taken = (await tx.notes.everyLabel(userId)).some(
          (other) => labelKey(other) === labelKey(label) && (other !== old || label === old),
        );
        if (taken) throw labelExists(label, 'to');
        const notes = await tx.notes.labelledForWrite(userId, old);
        if (notes.length === 0) throw labelNotFound(old, 'from');
        return relabel(tx, userId, notes, (tags) => tags.map((t) => (t === old ? label : t)));
      });
    },

    /** Removes `name` from every note of the user that carries it. */
    async delete(userId: string, name: unknown): Promise<string[]> {
      const label = existingLabel(name, 'name');
      return store.transaction(async (tx) => {
        const notes = await tx.notes.labelledForWrite(userId, label);
        if (notes.length === 0) throw labelNotFound(label, 'name');
        return relabel(tx, userId, notes, (tags) => tags.filter((t) => t !== label));
      });
    },
  };
}

export type LabelsService = ReturnType<typeof labelsService>;
