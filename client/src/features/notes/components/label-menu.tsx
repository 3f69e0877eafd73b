import { useState } from 'react';
import type { FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useLabels } from '../hooks/use-labels';
import { NEW_LABEL_MESSAGE } from '../messages';

interface LabelMenuProps {
  selected: string[];
  /** `lead`: what the change did first ("New Label Added"), for the change's own snackbar. */
  onChange: (tags: string[], lead?: readonly string[]) => void;
  /**
   * The change is saved at once and says so (a card): a new label's message goes with it, in
   * one snackbar, rather than in one of its own.
   */
  savesAtOnce?: boolean;
}

/** A checkbox per known label, and a field to add a new label (which is then selected). */
export function LabelMenu({ selected, onChange, savesAtOnce = false }: LabelMenuProps) {
  const { labels, addLabel } = useLabels();
  const [draft, setDraft] = useState('');

  const toggle = (label: string) =>
    onChange(selected.includes(label) ? selected.filter((t) => t !== label) : [...selected, label]);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const label = addLabel(draft, { quiet: savesAtOnce });
    if (label === null) return;
    setDraft('');
    if (!selected.includes(label)) {
      onChange([...selected, label], savesAtOnce ? [NEW_LABEL_MESSAGE] : undefined);
    }
  };

  return (
    <div className="label-menu">
      <div className="label-menu__list" role="group" aria-label="Labels">
        {labels.map((label) => (
          <label key={label} className="choice">
            <input
              type="checkbox"
              checked={selected.includes(label)}
              onChange={() => toggle(label)}
            />
            {label}
          </label>
        ))}
      </div>
      <form className="label-menu__add" onSubmit={onAdd}>
        <input
          type="text"
          aria-label="New label"
          placeholder="Add a label"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="icon-button" aria-label="Add label">
          <Plus size={16} aria-hidden />
        </button>
      </form>
    </div>
  );
}
