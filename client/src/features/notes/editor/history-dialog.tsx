import { useState } from 'react';
import { useFragment, useQuery } from '@apollo/client/react';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { RichTextView } from '../../../components/rich-text';
import { formatLongDateTime } from '../../../lib/date-time';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import {
  NoteHistoryDocument,
  revisionBefore,
  useRestoreRevision,
  type Revision,
} from '../api/restore-revision';
import { restoreVersionMessages, undoRestoreVersionMessages } from '../messages';
import { runNoteAction } from '../hooks/run-note-action';
import './history-dialog.css';

interface HistoryDialogProps {
  note: Note;
  onClose: () => void;
}

/**
 * A note's version history: its earlier texts, newest first, each with the time it was replaced;
 * the chosen one shown read-only; Restore gives the note that text (a new version, with Undo).
 */
export function HistoryDialog({ note, onClose }: HistoryDialogProps) {
  const { data, loading, error } = useQuery(NoteHistoryDocument, {
    variables: { id: note.id },
    fetchPolicy: 'cache-and-network',
  });
  const live = useFragment({
    fragment: NoteFieldsFragment,
    fragmentName: 'NoteFields',
    from: note,
  });
  const current = live.complete ? live.data : note;
  const restoreRevision = useRestoreRevision();
  const revisions = data?.note.revisions ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = revisions.find((r) => r.id === chosenId) ?? revisions[0];
  const [busy, setBusy] = useState(false);

  const restore = async (revision: Revision) => {
    setBusy(true);
    const ok = await runNoteAction(
      () => restoreRevision(current, revision),
      restoreVersionMessages,
      (restored) => ({
        run: () => {
          const before = revisionBefore(restored);
          if (!before) return Promise.reject(new Error('the restore kept no earlier text'));
          return restoreRevision(restored, before);
        },
        messages: undoRestoreVersionMessages,
      }),
    );
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal label="Version history" onClose={onClose}>
      <section className="history-dialog" aria-busy={busy || loading}>
        <h2>Version history</h2>
        {loading && revisions.length === 0 && <Spinner label="Loading the history" />}
        {error && revisions.length === 0 && (
          <p role="alert">The history could not be loaded. Close this and try again.</p>
        )}
        {!loading && !error && revisions.length === 0 && (
          <p className="history-dialog__empty">
            No earlier versions yet. Each saved change of the title or text keeps the one before.
          </p>
        )}
        {chosen && (
          <div className="history-dialog__body">
            <ol className="history-dialog__list" aria-label="Earlier versions">
              {revisions.map((revision) => (
                <li key={revision.id}>
                  <button
                    type="button"
                    className="history-dialog__item"
                    aria-pressed={revision.id === chosen.id}
                    onClick={() => setChosenId(revision.id)}
                  >
                    <time dateTime={revision.createdAt}>
                      {formatLongDateTime(revision.createdAt)}
                    </time>
                    <span className="history-dialog__snippet">
                      {revision.textContent || revision.title || 'Empty note'}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <article className="history-dialog__preview" aria-label="Preview of the chosen version">
              <h3>{chosen.title || 'Untitled note'}</h3>
              <RichTextView html={chosen.content} />
            </article>
          </div>
        )}
        <div className="history-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          {chosen && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void restore(chosen)}
            >
              Restore
            </button>
          )}
        </div>
      </section>
    </Modal>
  );
}
