import { useState } from 'react';
import type { FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useLabels } from '../hooks/use-labels';

interface LabelMenuProps {
  selected: string[];
  onChange: (tags: string[]) => void;
}

/** A checkbox per known label, and a field to add a new label (which is then selected). */
export function LabelMenu({ selected, onChange }: LabelMenuProps) {
  const { labels, addLabel } = useLabels();
  const [draft, setDraft] = useState('');

  const toggle = (label: string) =>
    onChange(selected.includes(label) ? selected.filter((t) => t !== label) : [...selected, label]);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const label = addLabel(draft);
    if (label === null) return;
    setDraft('');
    if (!selected.includes(label)) onChange([...selected, label]);
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
