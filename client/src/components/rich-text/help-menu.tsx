import { CircleHelp } from 'lucide-react';
import { ToolbarMenu } from './toolbar-menu';

const SHORTCUTS: readonly [string, string][] = [
  ['Bold', 'Ctrl+B'],
  ['Italic', 'Ctrl+I'],
  ['Underline', 'Ctrl+U'],
  ['Undo', 'Ctrl+Z'],
  ['Redo', 'Ctrl+Shift+Z or Ctrl+Y'],
  ['Indent list item', 'Tab'],
  ['Outdent list item', 'Shift+Tab'],
  ['Line break in a block', 'Shift+Enter'],
  ['Leave a list', 'Enter on an empty item'],
  ['Checklist item', '[ ] and a space at the start of a line'],
  ['Ticked checklist item', '[x] and a space at the start of a line'],
];

/** A popover listing the keyboard shortcuts (Cmd instead of Ctrl on a Mac). */
export function HelpMenu() {
  return (
    <ToolbarMenu
      label="Keyboard shortcuts"
      icon={<CircleHelp size={16} aria-hidden="true" />}
      panelClassName="rt-panel--help"
    >
      {() => (
        <>
          <p className="rt-help__title">Keyboard shortcuts</p>
          <dl className="rt-help">
            {SHORTCUTS.map(([action, keys]) => (
              <div key={action} className="rt-help__row">
                <dt>{action}</dt>
                <dd>
                  <kbd>{keys}</kbd>
                </dd>
              </div>
            ))}
          </dl>
          <p className="rt-help__note">On a Mac, use Cmd instead of Ctrl.</p>
        </>
      )}
    </ToolbarMenu>
  );
}
