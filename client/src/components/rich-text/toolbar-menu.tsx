import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ToolbarButton } from './toolbar-button';

export interface ToolbarMenuProps {
  label: string;
  icon: ReactNode;
  /** Marks the trigger as showing a non-default state (e.g. a colour is applied). */
  active?: boolean;
  /** Extra content on the trigger, such as a colour bar under the icon. */
  indicator?: ReactNode;
  panelClassName?: string;
  /** Runs when the menu opens (e.g. to remember the editor selection). */
  onOpen?: () => void;
  children: (close: () => void) => ReactNode;
}

/**
 * A toolbar button with a small panel below it. The panel closes on Escape (focus goes back to
 * the button), on a press outside it, and when an action in it calls `close`.
 */
export function ToolbarMenu({
  label,
  icon,
  active,
  indicator,
  panelClassName,
  onOpen,
  children,
}: ToolbarMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Listens on the document: a mouse press on the trigger keeps the focus in the editor.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const toggle = () => {
    if (!open) onOpen?.();
    setOpen(!open);
  };

  return (
    <div className="rt-menu" ref={rootRef}>
      <ToolbarButton
        label={label}
        expanded={open}
        className={active ? 'rt-button--active' : undefined}
        buttonRef={buttonRef}
        onAction={toggle}
      >
        {icon}
        {indicator}
      </ToolbarButton>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={label}
          className={`rt-panel${panelClassName ? ` ${panelClassName}` : ''}`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
