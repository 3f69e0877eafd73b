import { useState } from 'react';
import { downloadExport, type ExportFormat } from '../api/files';

const formats: Array<{ format: ExportFormat; label: string }> = [
  { format: 'json', label: 'Export as JSON' },
  { format: 'markdown', label: 'Export as Markdown' },
];

/** Export: every note as a Jotter JSON file (re-importable) or a zip of Markdown files. */
export function ExportPanel() {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadExport(format);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="files-panel" aria-labelledby="export-title">
      <h2 id="export-title">Export notes</h2>
      <p>
        Everything you have, archive and trash included: JSON imports back into Jotter as it was;
        Markdown is a zip of one file per note.
      </p>
      <div className="files-panel__actions">
        {formats.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-busy={busy === format}
            onClick={() => void run(format)}
          >
            {busy === format ? 'Preparing…' : label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="import-panel__error">
          The export failed: {error}
        </p>
      )}
    </section>
  );
}
