import { foldCase } from './note-rules';

/** The outcome of checking a label typed into a label menu. */
export type NewLabelCheck =
  | { ok: true; label: string }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'duplicate'; label: string };

/**
 * Trims a new label and refuses an empty one or one that already exists, in any letter case
 * ("Shopping" when "shopping" exists; compared as search compares text, like the server). A
 * label being renamed (`renaming`) may change only its case.
 */
export function checkNewLabel(
  raw: string,
  existing: readonly string[],
  renaming?: string,
): NewLabelCheck {
  const label = raw.trim();
  if (!label) return { ok: false, reason: 'empty' };
  const key = foldCase(label);
  const taken = existing.some(
    (other) => foldCase(other) === key && (other !== renaming || label === renaming),
  );
  if (taken) return { ok: false, reason: 'duplicate', label };
  return { ok: true, label };
}

/**
 * Server labels plus labels added in this session, unique and sorted the way the server sorts
 * them (by code unit), so a label lands where it will stay after a reload.
 */
export function mergeLabels(server: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...server, ...added])].sort();
}
