import { useState } from 'react';
import type { FormEvent } from 'react';
import { Check, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconButton } from '../../../components/icon-button';
import { Modal } from '../../../components/modal';
import { useLabels } from '../hooks/use-labels';

/** One label: its name can be edited in place (Enter or leaving the field renames it). */
function LabelRow({
  label,
  onRename,
  onDelete,
}: {
  label: string;
  onRename: (from: string, to: string) => Promise<boolean>;
  onDelete: (label: string) => void;
}) {
  const [name, setName] = useState(label);
  const commit = async () => {
    if (name === label) return;
    if (!(await onRename(label, name))) setName(label);
  };
  return (
    <li className="edit-labels__row">
      <form
        className="edit-labels__form"
        onSubmit={(event) => {
          event.preventDefault();
          void commit();
        }}
      >
        <input
          type="text"
          aria-label={`Label name: ${label}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => void commit()}
        />
        <IconButton label={`Rename label ${label}`} icon={<Check size={16} aria-hidden />} type="submit" />
      </form>
      <IconButton
        label={`Delete label ${label}`}
        icon={<Trash2 size={16} aria-hidden />}
        onClick={() => onDelete(label)}
      />
    </li>
  );
}

/**
 * Keep's "Edit labels": create a label, rename one on every note (notes, archive and trash), or
 * delete one from every note (asked first: it cannot be undone).
 */
export function EditLabelsDialog({ onClose }: { onClose: () => void }) {
  const { labels, addLabel, renameLabel, deleteLabel } = useLabels();
  const [draft, setDraft] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    if (addLabel(draft) !== null) setDraft('');
  };

  if (deleting !== null) {
    return (
      <ConfirmDialog
        title="Delete label?"
        message={`“${deleting}” will be removed from every note. The notes stay.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          setDeleting(null);
          void deleteLabel(deleting);
        }}
      />
    );
  }

  return (
    <Modal label="Edit labels" onClose={onClose}>
      <section className="edit-labels">
        <h2>Edit labels</h2>
        <form className="edit-labels__form" onSubmit={onCreate}>
          <input
            type="text"
            aria-label="Create new label"
            placeholder="Create new label"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <IconButton label="Create label" icon={<Plus size={16} aria-hidden />} type="submit" />
        </form>
        {labels.length === 0 ? (
          <p className="edit-labels__empty">No labels yet.</p>
        ) : (
          <ul className="edit-labels__list" aria-label="Labels">
            {labels.map((label) => (
              <LabelRow
                key={label}
                label={label}
                onRename={renameLabel}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
        <div className="confirm-dialog__buttons">
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </section>
    </Modal>
  );
}
