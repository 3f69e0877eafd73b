import { readToken } from '../../../lib/storage';

/** Why an upload did not go through; `permanent` ones are not tried again on their own. */
export type UploadFailure = 'too-large' | 'type' | 'network' | 'session' | 'server';

/** An upload the server refused or could not take, with the message to show. */
export class UploadError extends Error {
  constructor(
    readonly failure: UploadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }

  /** True when sending the same file again cannot help (too large, not a type Jotter keeps). */
  get permanent(): boolean {
    return this.failure === 'too-large' || this.failure === 'type';
  }
}

/** The messages an upload's failure shows, in the app's voice. */
export const UPLOAD_MESSAGES: Record<UploadFailure, string> = {
  'too-large': 'This file is too large for Jotter.',
  type: 'Jotter keeps JPEG, PNG, WebP and GIF images and PDF files; this is none of them.',
  network: 'Offline: the image waits here and uploads when the server can be reached.',
  session: 'Your session has ended. Sign in again to upload the image.',
  server: 'The upload failed on the server. Please try again.',
};

/** The attachment the server made (the contract's wire, the fields the editor uses). */
export interface UploadedAttachment {
  _id: string;
  url: string;
}

/** True for the address the contract gives an attachment: `/api/attachments/{id}`. */
export const isAttachmentUrl = (url: unknown): url is string =>
  typeof url === 'string' && /^\/api\/attachments\/[A-Za-z0-9_-]+$/.test(url);

function failureOf(status: number): UploadFailure {
  if (status === 413) return 'too-large';
  if (status === 415) return 'type';
  if (status === 401) return 'session';
  if (status === 0 || status === 502 || status === 503 || status === 504) return 'network';
  return 'server';
}

/**
 * Sends one file to `POST /api/attachments` (the raw bytes, its name URI-encoded in
 * `x-file-name`, signed in like the app's other REST calls). XHR rather than fetch: it reports
 * the upload's progress (`onProgress`, 0 to 1). Rejects with an UploadError.
 */
export function uploadFile(
  file: Blob,
  name: string,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedAttachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/attachments');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    if (name) xhr.setRequestHeader('x-file-name', encodeURIComponent(name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          const body = JSON.parse(xhr.responseText) as { attachment?: UploadedAttachment };
          if (body.attachment && isAttachmentUrl(body.attachment.url)) {
            resolve(body.attachment);
            return;
          }
        } catch {
          // Falls through to the server failure below.
        }
        reject(new UploadError('server', UPLOAD_MESSAGES.server));
        return;
      }
      const failure = failureOf(xhr.status);
      reject(new UploadError(failure, UPLOAD_MESSAGES[failure]));
    };
    xhr.onerror = () => reject(new UploadError('network', UPLOAD_MESSAGES.network));
    xhr.onabort = () => reject(new UploadError('network', UPLOAD_MESSAGES.network));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
