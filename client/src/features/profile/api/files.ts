import { readToken } from '../../../lib/storage';

/** What POST /api/import answers. */
export interface ImportSummary {
  imported: number;
  alreadyImported: number;
  skipped: Array<{ file: string; reason: string }>;
}

/** Where an import stands: sending the file (with a fraction), then the server reading it. */
export type ImportProgress = { stage: 'uploading'; fraction: number } | { stage: 'importing' };

/** The content type POST /api/import reads a file as: JSON for a .json file, a zip otherwise. */
export function importContentType(file: { name: string; type: string }): string {
  return file.type === 'application/json' || /\.json$/i.test(file.name)
    ? 'application/json'
    : 'application/zip';
}

/** The server's message from an `{errors: [...]}` answer, or a plain one for anything else. */
export function importErrorMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (Array.isArray(parsed.errors) && typeof parsed.errors[0] === 'string') {
      return parsed.errors[0].replace(/^file: /, '');
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return status === 0
    ? 'The server could not be reached. Nothing was imported.'
    : `The import failed (HTTP ${status}). Nothing was imported.`;
}

/**
 * Sends a file to POST /api/import. XMLHttpRequest rather than fetch: only it reports upload
 * progress. Resolves with the summary; rejects with an Error carrying the server's message.
 */
export function uploadImport(
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/import');
    xhr.setRequestHeader('authorization', readToken());
    xhr.setRequestHeader('content-type', importContentType(file));
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ stage: 'uploading', fraction: event.loaded / event.total });
      }
    };
    xhr.upload.onload = () => onProgress({ stage: 'importing' });
    xhr.onload = () => {
      if (xhr.status === 200) resolve(JSON.parse(xhr.responseText) as ImportSummary);
      else reject(new Error(importErrorMessage(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => reject(new Error(importErrorMessage(0, '')));
    onProgress({ stage: 'uploading', fraction: 0 });
    xhr.send(file);
  });
}

/** The export formats GET /api/export offers. */
export type ExportFormat = 'json' | 'markdown';

/** The file name from a Content-Disposition header, or a fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** Downloads GET /api/export in the given format as a file the browser saves. */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const res = await fetch(`/api/export?format=${format}`, {
    headers: { authorization: readToken() },
  });
  if (!res.ok) throw new Error(importErrorMessage(res.status, await res.text()));
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(
    res.headers.get('content-disposition'),
    format === 'json' ? 'jotter-notes.json' : 'jotter-notes.zip',
  );
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; free ours on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
