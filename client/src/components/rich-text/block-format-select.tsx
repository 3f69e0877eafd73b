import { useSlate } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import type { TextBlockType } from './types';
import { activeBlockType, setBlockType } from './editor-commands';

const FORMATS: readonly { value: TextBlockType; label: string }[] = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'heading-one', label: 'Heading 1' },
  { value: 'heading-two', label: 'Heading 2' },
  { value: 'heading-three', label: 'Heading 3' },
  { value: 'block-quote', label: 'Quote' },
];

/** The block format of the selection: paragraph, three heading levels or quote. */
export function BlockFormatSelect() {
  const editor = useSlate();
  return (
    <select
      className="rt-select"
      aria-label="Block format"
      title="Block format"
      value={activeBlockType(editor)}
      onChange={(event) => {
        setBlockType(editor, event.target.value as TextBlockType);
        requestEditorFocus(editor);
      }}
    >
      {FORMATS.map((format) => (
        <option key={format.value} value={format.value}>
          {format.label}
        </option>
      ))}
      <option value="list-item" disabled>
        List item
      </option>
      <option value="check-item" disabled>
        Checklist
      </option>
    </select>
  );
}
