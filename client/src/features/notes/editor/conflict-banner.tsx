import { htmlToText } from '../../../components/rich-text';
import type { EditConflict } from '../sync/use-edit-sync';

/** How much of the other version's text the banner shows. */
const EXCERPT_LENGTH = 160;

/**
 * Where the other change came from, as far as the client can tell: the live feed does not say
 * which client made a change, so a change from this browser's other tab and one from another
 * device look the same here. The words name both.
 */
const ELSEWHERE = 'on another device or in another tab';

function excerpt(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

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
          This note was {conflict.why === 'trashed' ? 'moved to the trash' : 'deleted'} {ELSEWHERE}.
          Your changes are still here.
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
  const theirTitle = conflict.theirs.title.trim();
  const theirText = excerpt(conflict.theirs.content);
  return (
    <div className="conflict-banner" role="alert">
      <p>
        This note changed {ELSEWHERE} while you were editing it ({fields}). Which version do you
        want?
      </p>
      <figure className="conflict-banner__theirs">
        <figcaption>The other version</figcaption>
        <p className="conflict-banner__theirs-title">{theirTitle || '(no title)'}</p>
        {theirText && <p className="conflict-banner__theirs-text">{theirText}</p>}
      </figure>
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
