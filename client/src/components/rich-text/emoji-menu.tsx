import { Smile } from 'lucide-react';
import { useSlateStatic } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import { EMOJIS } from './palettes';
import { insertText } from './editor-commands';
import { keepSelection } from './toolbar-button';
import { ToolbarMenu } from './toolbar-menu';

/** A small grid of common emoticons; one press inserts it at the cursor. */
export function EmojiMenu() {
  const editor = useSlateStatic();
  return (
    <ToolbarMenu
      label="Emoticons"
      icon={<Smile size={16} aria-hidden="true" />}
      panelClassName="rt-panel--emoji"
    >
      {(close) =>
        EMOJIS.map((emoji) => (
          <button
            key={emoji.char}
            type="button"
            className="rt-emoji"
            aria-label={`Insert ${emoji.name}`}
            title={emoji.name}
            onMouseDown={keepSelection}
            onClick={() => {
              insertText(editor, emoji.char);
              close();
              requestEditorFocus(editor);
            }}
          >
            {emoji.char}
          </button>
        ))
      }
    </ToolbarMenu>
  );
}
