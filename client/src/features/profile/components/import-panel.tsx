import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useImport, type ImportState } from '../hooks/use-import';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

function Progress({ state }: { state: Extract<ImportState, { status: 'running' }> }) {
  const { progress } = state;
  const label =
    progress.stage === 'uploading'
      ? `Uploading ${state.fileName}: ${Math.round(progress.fraction * 100)}%`
      : `Importing ${state.fileName}…`;
  return (
    <div className="import-panel__progress">
      <progress
        aria-label={label}
        max={1}
        value={progress.stage === 'uploading' ? progress.fraction : undefined}
      />
      <p>{label}</p>
    </div>
  );
}

function Summary({ state }: { state: Extract<ImportState, { status: 'done' }> }) {
  const { imported, alreadyImported, skipped } = state.summary;
  return (
    <div className="import-panel__summary">
      <p>
        <strong>{plural(imported, 'note')} imported</strong> from {state.fileName}.
        {alreadyImported > 0 && ` ${plural(alreadyImported, 'note')} were already here.`}
      </p>
      {skipped.length > 0 && (
        <details open={skipped.length <= 5}>
          <summary>{plural(skipped.length, 'file')} skipped</summary>
          <ul className="import-panel__skipped">
            {skipped.map((s, i) => (
              <li key={`${s.file}-${i}`}>
                <code>{s.file}</code>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * Import: a file picker and a drop zone for a Google Keep Takeout zip, a zip of Markdown files
 * or a Jotter JSON export; a progress bar while it runs, then what was imported and skipped.
 */
export function ImportPanel() {
  const { state, start } = useImport();
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const running = state.status === 'running';

  const take = (file: File | undefined) => {
    if (file && !running) void start(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <section className="files-panel" aria-labelledby="import-title">
      <h2 id="import-title">Import notes</h2>
      <div
        className={`import-panel__drop${dragging ? ' import-panel__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop-zone"
      >
        <p id={hintId}>
          A Google Keep Takeout (.zip), a zip of Markdown files, or a Jotter export (.json). Drop it
          here or choose it.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="button button--primary"
          aria-describedby={hintId}
          disabled={running}
          onClick={() => inputRef.current?.click()}
        >
          Choose a file to import
        </button>
      </div>
      <div role="status" aria-live="polite" className="import-panel__status">
        {state.status === 'running' && <Progress state={state} />}
        {state.status === 'done' && <Summary state={state} />}
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="import-panel__error">
          {state.fileName} could not be imported: {state.message}
        </p>
      )}
    </section>
  );
}
