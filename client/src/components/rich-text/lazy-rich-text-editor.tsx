import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdleAfterPaint } from '../../lib/when-idle';
import type { RichTextEditorProps } from './rich-text-editor';
import type * as EditorModuleType from './rich-text-editor';

/** What the editor's place says until its code is in (also in the saved copy of a page). */
export const EDITOR_LOADING_TEXT = 'Loading the editor…';

type EditorModule = typeof EditorModuleType;
/** The editor's module once it is in: later editors render at once, without a Suspense pass. */
let loaded: EditorModule | null = null;
let loading: Promise<EditorModule> | null = null;

/** Loads the editor's code (once); resolves when it is in. */
export function preloadRichTextEditor(): Promise<EditorModule> {
  // A failed load (offline, say) is tried again next time.
  loading ??= import('./rich-text-editor').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const Editor = lazy(() =>
  preloadRichTextEditor().then((module) => ({ default: module.RichTextEditor })),
);

/**
 * The rich-text editor, with Slate (a third of the app's code) kept off the first screen: it
 * loads once the browser is idle after the page is on screen, or at once when the user reaches
 * for the body. Until it is in, a box of the editor's size says it is loading and takes no input,
 * so nothing typed can go astray; when the user asked for it, it arrives focused.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [wanted, setWanted] = useState<'idle' | 'user' | null>(null);
  const asked = (props.focusKey ?? 0) > 0;

  useEffect(() => (wanted ? undefined : whenIdleAfterPaint(() => setWanted('idle'))), [wanted]);

  if (loaded) return <loaded.RichTextEditor {...props} />;

  // A press asks for the editor focused, also when its code was already on its way (idle).
  const loading = <EditorLoading onWant={() => setWanted('user')} />;
  // Asked for the focus (focusKey) while loading: it arrives focused.
  if (!wanted && !asked) return loading;
  return (
    <Suspense fallback={loading}>
      <Editor {...props} autoFocus={props.autoFocus || asked || wanted === 'user'} />
    </Suspense>
  );
}

/**
 * The toolbar's shape (toolbar.tsx): its groups, each a number of buttons or the format select.
 * The stand-in draws the same shape, so it wraps onto as many rows and nothing moves when the
 * editor arrives (rich-text-editor.test.tsx checks the two agree).
 */
export const TOOLBAR_SHAPE: ReadonlyArray<number | 'select'> = [2, 'select', 6, 6, 3];

/** The editor's outline, saying it is loading; a press on it asks for the editor now. */
function EditorLoading({ onWant }: { onWant: () => void }) {
  return (
    <div
      className="rt-editor rt-editor--loading"
      role="status"
      aria-label="Loading the editor"
      onPointerDown={onWant}
    >
      <div className="rt-toolbar" aria-hidden="true">
        {TOOLBAR_SHAPE.map((group, i) => (
          <div key={i} className="rt-group">
            {group === 'select' ? (
              <span className="rt-select" />
            ) : (
              Array.from({ length: group }, (_, j) => <span key={j} className="rt-button" />)
            )}
          </div>
        ))}
      </div>
      <div className="rt-content" style={{ minHeight: 'var(--rt-body-min-height)' }}>
        <p className="rt-loading-text">{EDITOR_LOADING_TEXT}</p>
      </div>
    </div>
  );
}
