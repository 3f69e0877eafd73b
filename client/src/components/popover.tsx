import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useDismiss } from '../hooks/use-dismiss';
import { usePanelPlacement } from '../hooks/use-panel-placement';

interface PopoverProps {
  /** Accessible name of the trigger button. */
  label: string;
  icon: ReactNode;
  /** Renders the panel; call `close` to shut it. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
}

/**
 * An icon button opening a small panel below it (above, where the window has no room below);
 * outside click or Escape closes it.
 */
export function Popover({ label, icon, children, align = 'start' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const placement = usePanelPlacement(ref, panel, open);

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
      {open && (
        <div
          ref={panel}
          className={`popover__panel popover__panel--${align} popover__panel--${placement}`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
