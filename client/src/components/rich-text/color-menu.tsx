import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSlate } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import type { ColorMarkKey } from './types';
import type { Swatch } from './palettes';
import { activeColor, setColor } from './editor-commands';
import { keepSelection } from './toolbar-button';
import { ToolbarMenu } from './toolbar-menu';

export interface ColorMenuProps {
  mark: ColorMarkKey;
  label: string;
  icon: ReactNode;
  swatches: readonly Swatch[];
}

/** A palette of swatches plus "no colour" for the text or background colour of the selection. */
export function ColorMenu({ mark, label, icon, swatches }: ColorMenuProps) {
  const editor = useSlate();
  const current = activeColor(editor, mark);
  const noun = mark === 'color' ? 'text colour' : 'background colour';
  return (
    <ToolbarMenu
      label={label}
      icon={icon}
      active={current !== undefined}
      indicator={
        <span
          className="rt-color-bar"
          style={{ backgroundColor: current ?? 'transparent' }}
          aria-hidden="true"
        />
      }
      panelClassName="rt-panel--swatches"
    >
      {(close) => (
        <>
          {swatches.map((swatch) => (
            <button
              key={swatch.value}
              type="button"
              className="rt-swatch"
              style={{ backgroundColor: swatch.value }}
              aria-label={`${swatch.name} ${noun}`}
              title={swatch.name}
              aria-pressed={current === swatch.value}
              onMouseDown={keepSelection}
              onClick={() => {
                setColor(editor, mark, swatch.value);
                close();
                requestEditorFocus(editor);
              }}
            />
          ))}
          <button
            type="button"
            className="rt-swatch rt-swatch--clear"
            aria-label={`No ${noun}`}
            title={`No ${noun}`}
            onMouseDown={keepSelection}
            onClick={() => {
              setColor(editor, mark, null);
              close();
              requestEditorFocus(editor);
            }}
          >
            <Ban size={14} aria-hidden="true" />
          </button>
        </>
      )}
    </ToolbarMenu>
  );
}
