import type { MouseEvent, ReactNode, Ref } from 'react';
import { Transforms } from 'slate';
import type { Editor } from 'slate';
import { ReactEditor, useSlateStatic } from 'slate-react';

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

/**
 * slate-react reads the DOM selection on a throttled timer, so a quick select-then-click could
 * act on a stale selection; read it now while it is still in the editor.
 */
function syncSelectionFromDom(editor: Editor): void {
  const domSelection = window.getSelection();
  if (
    !domSelection ||
    domSelection.rangeCount === 0 ||
    !ReactEditor.hasDOMNode(editor, domSelection.anchorNode as Node)
  ) {
    return;
  }
  const range = ReactEditor.toSlateRange(editor, domSelection, {
    exactMatch: false,
    suppressThrow: true,
  });
  if (range) Transforms.select(editor, range);
}

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
  const editor = useSlateStatic();
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
      onMouseDown={(event) => {
        event.preventDefault();
        syncSelectionFromDom(editor);
      }}
      onClick={onAction}
    >
      {children}
    </button>
  );
}
