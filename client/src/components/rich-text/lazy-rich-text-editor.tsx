import { Suspense, lazy, startTransition, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  AlignLeft,
  Baseline,
  Bold,
  CircleHelp,
  Highlighter,
  ImagePlus,
  IndentDecrease,
  IndentIncrease,
  Italic,
  List,
  ListOrdered,
  Redo2,
  Smile,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { RichTextEditorProps } from './rich-text-editor';
import type * as EditorModule from './rich-text-editor';
import { whenIdle } from '../../lib/when-idle';
import './rich-text.css';

let editorModule: Promise<typeof EditorModule> | undefined;

/** Starts loading the Slate editor chunk (once); the same promise for every caller. */
export function loadRichTextEditor() {
  editorModule ??= import('./rich-text-editor');
  return editorModule;
}

const Editor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor, with Slate loaded off the first screen: until its chunk is in, a
 * look-alike placeholder of the same size stands in (so nothing moves when the editor arrives).
 * The chunk starts loading when the browser is idle, or at the first pointer press or focus in
 * the placeholder; characters typed into the placeholder meanwhile are kept and handed to the
 * editor, which then takes the focus.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [ready, setReady] = useState(false);
  const [typed, setTyped] = useState('');
  const activated = useRef(false);

  const load = () => {
    void loadRichTextEditor().then(
      // A transition keeps the placeholder (and its focus) on screen while the editor suspends.
      () => startTransition(() => setReady(true)),
      () => undefined,
    );
  };

  useEffect(() => whenIdle(load), []);

  const activate = () => {
    activated.current = true;
    load();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    activate();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) {
      event.preventDefault();
      setTyped((text) => text + event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      setTyped((text) => text.slice(0, -1));
    }
  };

  const placeholder = (
    <EditorPlaceholder typed={typed} onActivate={activate} onKeyDown={onKeyDown} />
  );
  return (
    <Suspense fallback={placeholder}>
      {ready ? (
        <Editor {...props} autoFocus={activated.current || props.autoFocus} pendingText={typed} />
      ) : (
        placeholder
      )}
    </Suspense>
  );
}

const icon = (Icon: LucideIcon) => <Icon size={16} aria-hidden="true" />;

/** An inert copy of a toolbar button: same class, same icon, so the same size. */
const FakeButton = ({ children }: { children: ReactNode }) => (
  <span className="rt-button rt-button--placeholder">{children}</span>
);
const FakeMenu = ({ children }: { children: ReactNode }) => (
  <div className="rt-menu">
    <FakeButton>{children}</FakeButton>
  </div>
);

interface EditorPlaceholderProps {
  typed: string;
  onActivate: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The editor's toolbar and body drawn without Slate: the same classes and contents as the real
 * ones (see toolbar.tsx), hidden from assistive technology apart from the focusable body.
 */
function EditorPlaceholder({ typed, onActivate, onKeyDown }: EditorPlaceholderProps) {
  return (
    <div className="rt-editor rt-editor--placeholder" onPointerDown={onActivate}>
      <div className="rt-toolbar" aria-hidden="true">
        <div className="rt-group">
          <FakeButton>{icon(Undo2)}</FakeButton>
          <FakeButton>{icon(Redo2)}</FakeButton>
        </div>
        <div className="rt-group">
          <select
            className="rt-select"
            disabled
            tabIndex={-1}
            value="paragraph"
            onChange={() => undefined}
          >
            <option value="paragraph">Paragraph</option>
            <option>Heading 1</option>
            <option>Heading 2</option>
            <option>Heading 3</option>
            <option>Quote</option>
            <option>List item</option>
          </select>
        </div>
        <div className="rt-group">
          <FakeButton>{icon(Bold)}</FakeButton>
          <FakeButton>{icon(Italic)}</FakeButton>
          <FakeButton>{icon(Underline)}</FakeButton>
          <FakeButton>{icon(Strikethrough)}</FakeButton>
          <FakeMenu>{icon(Baseline)}</FakeMenu>
          <FakeMenu>{icon(Highlighter)}</FakeMenu>
        </div>
        <div className="rt-group">
          <FakeMenu>{icon(AlignLeft)}</FakeMenu>
          <FakeButton>{icon(ListOrdered)}</FakeButton>
          <FakeButton>{icon(List)}</FakeButton>
          <FakeButton>{icon(IndentDecrease)}</FakeButton>
          <FakeButton>{icon(IndentIncrease)}</FakeButton>
        </div>
        <div className="rt-group">
          <FakeMenu>{icon(Smile)}</FakeMenu>
          <FakeMenu>{icon(ImagePlus)}</FakeMenu>
          <FakeMenu>{icon(CircleHelp)}</FakeMenu>
        </div>
      </div>
      <div
        className="rt-content"
        style={{ minHeight: 200 }}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-busy="true"
        // Not the editor's own name: tests and assistive technology wait for the real editor.
        aria-label="Text editor (loading)"
        onFocus={onActivate}
        onKeyDown={onKeyDown}
      >
        <p>{typed || <span className="rt-placeholder-text">Take a note…</span>}</p>
      </div>
    </div>
  );
}
