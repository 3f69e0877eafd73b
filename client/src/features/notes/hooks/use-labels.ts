import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { toast } from '../../../lib/toast';
import { LabelsDocument } from '../api/note-queries';
import { checkNewLabel, mergeLabels } from '../api/label-rules';
import { useNotesUi } from './notes-ui-context';

/**
 * Every known label (the server's plus ones just added) and `addLabel`, which validates a new
 * label with the spec's toasts and resolves to the trimmed label, or null when refused.
 */
export function useLabels() {
  const { data } = useQuery(LabelsDocument);
  const { addedLabels, rememberLabel } = useNotesUi();
  const labels = useMemo(
    () => mergeLabels(data?.labels ?? [], addedLabels),
    [data?.labels, addedLabels],
  );

  const addLabel = useCallback(
    (raw: string): string | null => {
      const check = checkNewLabel(raw, labels);
      if (!check.ok) {
        if (check.reason === 'empty') toast.info("Label Name Can't Be Empty");
        else toast.error(`${check.label} Already Exists`);
        return null;
      }
      rememberLabel(check.label);
      toast.success('New Label Added');
      return check.label;
    },
    [labels, rememberLabel],
  );

  return { labels, addLabel };
}
