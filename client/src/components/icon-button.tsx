import type { ReactNode } from 'react';

interface IconButtonProps {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** For a toggle: whether it is on (aria-pressed). */
  pressed?: boolean;
  className?: string;
}

/** A round icon-only button, named for screen readers and titled for pointer users. */
export function IconButton({ label, icon, onClick, pressed, className }: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
