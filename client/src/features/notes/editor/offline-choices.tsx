import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { readAuth } from '../../../lib/storage';
import { htmlToText } from '../../../components/rich-text';
import { cachedNote } from '../sync/note-events';
import { useNotesUi } from '../hooks/notes-ui-context';
import { draftsAwaitingChoice, onDraftsChange, type LocalDraft } from '../sync/local-drafts';

/** A draft's name in the notice: its title, else the start of its text. */
function nameOf({ draft }: LocalDraft): string {
  const text = draft.title || htmlToText(draft.content).trim();
  return text.length > 60 ? `${text.slice(0, 57)}…` : text || 'Untitled note';
}

/**
 * Says which notes changed offline met a change made elsewhere when they were sent (outbox.ts),
 * and opens each in the editor, where the user keeps theirs, takes the other or keeps both.
 * Stays until every one is settled (the editor drops the draft when it is).
 */
export function OfflineChoices() {
  const client = useApolloClient();
  const { openEditModal } = useNotesUi();
  const userId = readAuth().user?.id ?? '';
  const [choices, setChoices] = useState(() => draftsAwaitingChoice(userId));

  useEffect(() => {
    const read = () => setChoices(draftsAwaitingChoice(userId));
    read();
    window.addEventListener('storage', read);
    const stop = onDraftsChange(read);
    return () => {
      window.removeEventListener('storage', read);
      stop();
    };
  }, [userId]);

  if (choices.length === 0) return null;

  const open = (id: string, stored: LocalDraft) => {
    const note = cachedNote(client.cache, id) ?? stored.base;
    if (note) openEditModal(note);
  };

  return (
    <section className="conflict-banner offline-choices" aria-label="Changes to review">
      <p>
        {choices.length === 1
          ? 'A note you changed offline was also changed on another device.'
          : `${choices.length} notes you changed offline were also changed on another device.`}{' '}
        Nothing is lost: choose which version to keep.
      </p>
      <ul className="offline-choices__list">
        {choices.map(([id, stored]) => (
          <li key={id}>
            <span className="offline-choices__name">{nameOf(stored)}</span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => open(id, stored)}
            >
              Choose
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
