import { useCallback, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { uploadImport, type ImportProgress, type ImportSummary } from '../api/files';

/** An import's state on screen: idle, running (with progress), done (summary) or failed. */
export type ImportState =
  | { status: 'idle' }
  | { status: 'running'; fileName: string; progress: ImportProgress }
  | { status: 'done'; fileName: string; summary: ImportSummary }
  | { status: 'failed'; fileName: string; message: string };

/**
 * Runs one import at a time. Once notes were added, the cached lists and labels are dropped so
 * each list reads afresh when next shown (an import can add thousands of notes at once).
 */
export function useImport() {
  const client = useApolloClient();
  const [state, setState] = useState<ImportState>({ status: 'idle' });

  const start = useCallback(
    async (file: File) => {
      const fileName = file.name;
      setState({ status: 'running', fileName, progress: { stage: 'uploading', fraction: 0 } });
      try {
        const summary = await uploadImport(file, (progress) =>
          setState({ status: 'running', fileName, progress }),
        );
        if (summary.imported > 0) {
          for (const fieldName of ['notes', 'archives', 'trash', 'labels']) {
            client.cache.evict({ id: 'ROOT_QUERY', fieldName });
          }
          client.cache.gc();
        }
        setState({ status: 'done', fileName, summary });
      } catch (error) {
        setState({
          status: 'failed',
          fileName,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [client],
  );

  return { state, start };
}
