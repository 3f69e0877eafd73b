import type { Priority } from '../../../gql/graphql';

const OPTIONS: { value: Priority | null; label: string }[] = [
  { value: 'LOW', label: 'Low' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'HIGH', label: 'High' },
  { value: null, label: 'None' },
];

/** "Low" for LOW, and so on; empty for no priority. */
export function priorityLabel(priority: Priority | null): string {
  return OPTIONS.find((o) => o.value === priority && priority !== null)?.label ?? '';
}

interface PriorityMenuProps {
  value: Priority | null;
  onChange: (priority: Priority | null) => void;
}

/** Low / Medium / High / None as a radio group. */
export function PriorityMenu({ value, onChange }: PriorityMenuProps) {
  return (
    <div className="menu-list" role="radiogroup" aria-label="Priority">
      {OPTIONS.map((option) => (
        <button
          key={option.label}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className="menu-list__item"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
