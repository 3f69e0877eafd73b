import type { EditConflict } from '../sync/use-edit-sync';

const FIELD_NAMES = {
  title: 'title',
  content: 'text',
  color: 'colour',
  priority: 'priority',
  tags: 'labels',
  pinned: 'pin',
} as const;

interface ConflictBannerProps {
  conflict: EditConflict;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onKeepBoth: () => void;
  onDiscard: () => void;
}

/**
 * Says the note changed elsewhere while it was being edited, and lets the user choose: keep
 * theirs, keep mine, or keep both (mine saved as a new note). Nothing is saved over a change the
 * user has not seen.
 */
export function ConflictBanner({ conflict, ...choices }: ConflictBannerProps) {
  if (conflict.kind === 'gone') {
    return (
      <div className="conflict-banner" role="alert">
        <p>
          This note was {conflict.why === 'trashed' ? 'moved to the trash' : 'deleted'} on another
          device. Your changes are still here.
        </p>
        <div className="conflict-banner__choices">
          <button type="button" className="button button--primary" onClick={choices.onKeepBoth}>
            Save Mine As A New Note
          </button>
          <button type="button" className="button button--ghost" onClick={choices.onDiscard}>
            Discard Mine
          </button>
        </div>
      </div>
    );
  }
  const fields = conflict.fields.map((field) => FIELD_NAMES[field]).join(', ');
  return (
    <div className="conflict-banner" role="alert">
      <p>
        This note changed on another device while you were editing it ({fields}). Which version do
        you want?
      </p>
      <div className="conflict-banner__choices">
        <button type="button" className="button button--primary" onClick={choices.onKeepMine}>
          Keep Mine
        </button>
        <button type="button" className="button button--secondary" onClick={choices.onTakeTheirs}>
          Take Theirs
        </button>
        <button type="button" className="button button--ghost" onClick={choices.onKeepBoth}>
          Keep Both
        </button>
      </div>
    </div>
  );
}
