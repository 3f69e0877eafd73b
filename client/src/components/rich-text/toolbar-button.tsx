import type { MouseEvent, ReactNode, Ref } from 'react';

export interface ToolbarButtonProps {
  label: string;
  /** Shown in the tooltip, e.g. "Ctrl+B". */
  shortcut?: string;
  /** For toggles (marks, alignment): sets aria-pressed. */
  pressed?: boolean;
  /** For buttons that open a menu: sets aria-expanded and aria-haspopup. */
  expanded?: boolean;
  disabled?: boolean;
  className?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  onAction: () => void;
  children: ReactNode;
}

/** Keeps the editor's selection: a mouse press on the toolbar must not move focus. */
export const keepSelection = (event: MouseEvent) => event.preventDefault();

/** A toolbar button: a real button with a label, a tooltip and pressed/expanded state. */
export function ToolbarButton({
  label,
  shortcut,
  pressed,
  expanded,
  disabled,
  className,
  buttonRef,
  onAction,
  children,
}: ToolbarButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`rt-button${pressed ? ' rt-button--active' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-haspopup={expanded === undefined ? undefined : 'true'}
      disabled={disabled}
      onMouseDown={keepSelection}
      onClick={onAction}
    >
      {children}
    </button>
  );
}
