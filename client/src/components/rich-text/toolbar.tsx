import {
  Baseline,
  Bold,
  Highlighter,
  IndentDecrease,
  IndentIncrease,
  Italic,
  List,
  ListChecks,
  ListOrdered,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import type { Editor } from 'slate';
import { useSlate } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import type { ListType, MarkKey } from './types';
import {
  activeListType,
  indent,
  isChecklistActive,
  isMarkActive,
  outdent,
  toggleChecklist,
  toggleList,
  toggleMark,
} from './editor-commands';
import { BACKGROUND_COLORS, TEXT_COLORS } from './palettes';
import { AlignMenu } from './align-menu';
import { BlockFormatSelect } from './block-format-select';
import { ColorMenu } from './color-menu';
import { EmojiMenu } from './emoji-menu';
import { HelpMenu } from './help-menu';
import { ImageMenu } from './image-menu';
import { ToolbarButton } from './toolbar-button';
import { useRovingToolbar } from './roving-toolbar';

const MARKS: readonly { mark: MarkKey; label: string; shortcut?: string; Icon: LucideIcon }[] = [
  { mark: 'bold', label: 'Bold', shortcut: 'Ctrl+B', Icon: Bold },
  { mark: 'italic', label: 'Italic', shortcut: 'Ctrl+I', Icon: Italic },
  { mark: 'underline', label: 'Underline', shortcut: 'Ctrl+U', Icon: Underline },
  { mark: 'strikethrough', label: 'Strikethrough', Icon: Strikethrough },
];

const LISTS: readonly { type: ListType; label: string; Icon: LucideIcon }[] = [
  { type: 'numbered-list', label: 'Numbered list', Icon: ListOrdered },
  { type: 'bulleted-list', label: 'Bulleted list', Icon: List },
];

const icon = (Icon: LucideIcon) => <Icon size={16} aria-hidden="true" />;

/** Runs a command, then puts the focus back in the text so typing continues there. */
function run(editor: Editor, command: () => void): void {
  command();
  requestEditorFocus(editor);
}

/**
 * The formatting toolbar of spec §9; re-renders on every change to show the active formats. One
 * tab stop; the arrow keys move along it (roving-toolbar.ts).
 */
export function Toolbar() {
  const editor = useSlate();
  const listType = activeListType(editor);
  const ref = useRef<HTMLDivElement>(null);
  const roving = useRovingToolbar(ref);
  return (
    <div
      ref={ref}
      className="rt-toolbar"
      role="toolbar"
      aria-label="Formatting"
      onFocus={roving.onFocus}
      onKeyDown={roving.onKeyDown}
    >
      <div className="rt-group">
        <ToolbarButton
          label="Undo"
          shortcut="Ctrl+Z"
          disabled={editor.history.undos.length === 0}
          onAction={() => run(editor, () => editor.undo())}
        >
          {icon(Undo2)}
        </ToolbarButton>
        <ToolbarButton
          label="Redo"
          shortcut="Ctrl+Shift+Z"
          disabled={editor.history.redos.length === 0}
          onAction={() => run(editor, () => editor.redo())}
        >
          {icon(Redo2)}
        </ToolbarButton>
      </div>
      <div className="rt-group">
        <BlockFormatSelect />
      </div>
      <div className="rt-group">
        {MARKS.map(({ mark, label, shortcut, Icon }) => (
          <ToolbarButton
            key={mark}
            label={label}
            shortcut={shortcut}
            pressed={isMarkActive(editor, mark)}
            onAction={() => run(editor, () => toggleMark(editor, mark))}
          >
            {icon(Icon)}
          </ToolbarButton>
        ))}
        <ColorMenu mark="color" label="Text colour" icon={icon(Baseline)} swatches={TEXT_COLORS} />
        <ColorMenu
          mark="background"
          label="Background colour"
          icon={icon(Highlighter)}
          swatches={BACKGROUND_COLORS}
        />
      </div>
      <div className="rt-group">
        <AlignMenu />
        {LISTS.map(({ type, label, Icon }) => (
          <ToolbarButton
            key={type}
            label={label}
            pressed={listType === type}
            onAction={() => run(editor, () => toggleList(editor, type))}
          >
            {icon(Icon)}
          </ToolbarButton>
        ))}
        <ToolbarButton
          label="Checklist"
          shortcut="[ ] and a space at the start of a line"
          pressed={isChecklistActive(editor)}
          onAction={() => run(editor, () => toggleChecklist(editor))}
        >
          {icon(ListChecks)}
        </ToolbarButton>
        <ToolbarButton
          label="Decrease indent"
          shortcut="Shift+Tab in a list"
          onAction={() => run(editor, () => outdent(editor))}
        >
          {icon(IndentDecrease)}
        </ToolbarButton>
        <ToolbarButton
          label="Increase indent"
          shortcut="Tab in a list"
          onAction={() => run(editor, () => indent(editor))}
        >
          {icon(IndentIncrease)}
        </ToolbarButton>
      </div>
      <div className="rt-group">
        <EmojiMenu />
        <ImageMenu />
        <HelpMenu />
      </div>
    </div>
  );
}
