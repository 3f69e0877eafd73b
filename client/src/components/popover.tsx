import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useDismiss } from '../hooks/use-dismiss';

interface PopoverProps {
  /** Accessible name of the trigger button. */
  label: string;
  icon: ReactNode;
  /** Renders the panel; call `close` to shut it. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
}

/** An icon button opening a small panel below it; outside click or Escape closes it. */
export function Popover({ label, icon, children, align = 'start' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="popover" ref={ref}>
      <button
        type="button"
        className={open ? 'icon-button icon-button--active' : 'icon-button'}
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {icon}
      </button>
      {open && <div className={`popover__panel popover__panel--${align}`}>{children(close)}</div>}
    </div>
  );
}
