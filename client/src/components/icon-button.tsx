import type { ReactNode } from 'react';

interface IconButtonProps {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** A round icon-only button, named for screen readers and titled for pointer users. */
export function IconButton({ label, icon, onClick }: IconButtonProps) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
