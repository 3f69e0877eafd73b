import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { toast } from '../../../lib/toast';
import { LabelsDocument } from '../api/note-queries';
import { checkNewLabel, mergeLabels } from '../cache/label-rules';
import { useDeleteLabel, useRenameLabel } from '../api/label-changes';
import { deleteLabelMessages, NEW_LABEL_MESSAGE, renameLabelMessages } from '../messages';
import { useNotesUi } from './notes-ui-context';
import { runNoteAction } from './run-note-action';

/** Says why a label name is refused (spec toasts), or gives it trimmed. */
function checked(raw: string, labels: readonly string[], renaming?: string): string | null {
  const check = checkNewLabel(raw, labels, renaming);
  if (check.ok) return check.label;
  if (check.reason === 'empty') toast.info("Label Name Can't Be Empty");
  else toast.error(`${check.label} Already Exists`);
  return null;
}

/**
 * Every known label (the server's plus ones just added); `addLabel`, which validates a new
 * label with the spec's toasts and resolves to the trimmed label, or null when refused (`quiet`:
 * the caller says "New Label Added" itself, with the rest of the action); and
 * `renameLabel` and `deleteLabel`, which change every note carrying the label.
 */
export function useLabels() {
  const { data } = useQuery(LabelsDocument);
  const { addedLabels, rememberLabel, replaceAddedLabel } = useNotesUi();
  const rename = useRenameLabel();
  const remove = useDeleteLabel();
  const labels = useMemo(
    () => mergeLabels(data?.labels ?? [], addedLabels),
    [data?.labels, addedLabels],
  );

  const addLabel = useCallback(
    (raw: string, { quiet = false }: { quiet?: boolean } = {}): string | null => {
      const label = checked(raw, labels);
      if (label === null) return null;
      rememberLabel(label);
      if (!quiet) toast.success(NEW_LABEL_MESSAGE);
      return label;
    },
    [labels, rememberLabel],
  );

  /** Resolves to whether the label now has its new name. */
  const renameLabel = useCallback(
    async (from: string, raw: string): Promise<boolean> => {
      if (raw.trim() === from) return true;
      const to = checked(raw, labels, from);
      if (to === null) return false;
      if (!data?.labels.includes(from)) {
        replaceAddedLabel(from, to);
        toast.success(renameLabelMessages.success);
        return true;
      }
      return runNoteAction(
        () => rename(from, to),
        renameLabelMessages,
        () => ({
          run: () => rename(to, from),
          messages: renameLabelMessages,
        }),
      );
    },
    [labels, data?.labels, replaceAddedLabel, rename],
  );

  const deleteLabel = useCallback(
    async (name: string): Promise<boolean> => {
      replaceAddedLabel(name, null);
      if (!data?.labels.includes(name)) {
        toast.success(deleteLabelMessages.success);
        return true;
      }
      return runNoteAction(() => remove(name), deleteLabelMessages);
    },
    [data?.labels, replaceAddedLabel, remove],
  );

  return { labels, addLabel, renameLabel, deleteLabel };
}
