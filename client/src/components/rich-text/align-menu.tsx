import { AlignCenter, AlignJustify, AlignLeft, AlignRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useSlate } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import type { Alignment } from './types';
import { activeAlignment, setAlignment } from './editor-commands';
import { ToolbarButton } from './toolbar-button';
import { ToolbarMenu } from './toolbar-menu';

const ALIGNMENTS: readonly { value: Alignment; label: string; Icon: LucideIcon }[] = [
  { value: 'left', label: 'Align left', Icon: AlignLeft },
  { value: 'center', label: 'Align center', Icon: AlignCenter },
  { value: 'right', label: 'Align right', Icon: AlignRight },
  { value: 'justify', label: 'Justify', Icon: AlignJustify },
];

/** One toolbar slot for the four alignments; the trigger shows the current one. */
export function AlignMenu() {
  const editor = useSlate();
  const current = activeAlignment(editor);
  const CurrentIcon = ALIGNMENTS.find((option) => option.value === current)?.Icon ?? AlignLeft;
  return (
    <ToolbarMenu
      label="Alignment"
      icon={<CurrentIcon size={16} aria-hidden="true" />}
      panelClassName="rt-panel--row"
    >
      {(close) =>
        ALIGNMENTS.map(({ value, label, Icon }) => (
          <ToolbarButton
            key={value}
            label={label}
            pressed={current === value}
            onAction={() => {
              setAlignment(editor, value);
              close();
              requestEditorFocus(editor);
            }}
          >
            <Icon size={16} aria-hidden="true" />
          </ToolbarButton>
        ))
      }
    </ToolbarMenu>
  );
}
