import { UPLOAD_MESSAGES, UploadError, uploadFile } from './upload-request';
import type { UploadedAttachment } from './upload-request';

/**
 * What one image added in the editor is doing: loading its kept copy (after a reload), uploading,
 * waiting for the network, failed, done (it has its `/api/attachments/{id}` address), or missing
 * (this browser no longer has it).
 */
export type UploadStatus = 'loading' | 'uploading' | 'waiting' | 'failed' | 'done' | 'missing';

export interface UploadState {
  localId: string;
  name: string;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** Why it failed or waits, in the app's words. */
  message?: string;
  /** An object URL of the file as added, shown until (and while) the server's copy loads. */
  previewUrl?: string;
  /** `/api/attachments/{id}` once uploaded. */
  url?: string;
}

/** One added image as this browser keeps it until it is uploaded (and its address after). */
export interface StoredUpload {
  localId: string;
  userId: string;
  /** The note it was added to (`new` for the new-note editor). */
  noteId: string;
  name: string;
  type: string;
  /** The file, until the server has it. */
  blob?: Blob;
  /** The server's address, once uploaded. */
  url?: string;
  createdAt: string;
}

/** Where added images are kept (IndexedDB in the browser; a Map in tests). */
export interface UploadStorage {
  get(localId: string): Promise<StoredUpload | undefined>;
  put(record: StoredUpload): Promise<void>;
  remove(localId: string): Promise<void>;
  list(): Promise<StoredUpload[]>;
}

export interface UploadQueueOptions {
  storage: UploadStorage;
  send?: typeof uploadFile;
  isOnline?: () => boolean;
  userId?: () => string;
  makeObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

export interface UploadQueue {
  /** Shows `file` at once, keeps it in this browser and uploads it (now, or when online). */
  add(file: File, noteId: string): string;
  /** Brings back an image added before a reload (from this browser's storage). */
  restore(localId: string): void;
  /** Tries a failed or waiting upload again now. */
  retry(localId: string): void;
  /** Forgets an added image: stops its upload and drops the kept copy. */
  remove(localId: string): void;
  get: (localId: string) => UploadState | undefined;
  subscribe: (listener: () => void) => () => void;
  /**
   * The image's address once the server has it (uploading it now if it must); null when it
   * cannot ever be uploaded (too large, not a kept type, no longer in this browser). Rejects with
   * a TypeError when the network or the server failed, so the caller tries again later.
   */
  uploaded(localId: string): Promise<{ url: string } | { url: null; message: string }>;
  /** Starts every upload that waits for the network (the browser says it is back). */
  resume(): void;
}

let made = 0;
/** A local id: letters, digits and dashes (it travels in an HTML attribute). */
export function localUploadId(): string {
  made += 1;
  return `up-${Date.now().toString(36)}-${made.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The queue of images added in the editor and not yet on the server. */
export function createUploadQueue({
  storage,
  send = uploadFile,
  isOnline = () => navigator.onLine,
  userId = () => '',
  makeObjectUrl = (blob) => URL.createObjectURL(blob),
  revokeObjectUrl = (url) => URL.revokeObjectURL(url),
}: UploadQueueOptions): UploadQueue {
  const states = new Map<string, UploadState>();
  const files = new Map<string, Blob>();
  const inFlight = new Map<string, Promise<UploadedAttachment>>();
  const restoring = new Map<string, Promise<void>>();
  const aborts = new Map<string, AbortController>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const update = (localId: string, changes: Partial<UploadState>) => {
    const current = states.get(localId);
    if (!current) return;
    states.set(localId, { ...current, ...changes });
    emit();
  };
  const keep = (record: StoredUpload) =>
    storage.put(record).catch((error: unknown) => {
      // A full or blocked storage must not stop the upload; only a reload would lose the copy.
      console.error('The image could not be kept in this browser:', error);
    });

  const start = (localId: string): Promise<UploadedAttachment> => {
    const running = inFlight.get(localId);
    if (running) return running;
    const file = files.get(localId);
    const state = states.get(localId);
    if (!file || !state) return Promise.reject(new UploadError('server', UPLOAD_MESSAGES.server));
    const abort = new AbortController();
    aborts.set(localId, abort);
    update(localId, { status: 'uploading', progress: 0, message: undefined });
    const upload = send(file, state.name, {
      signal: abort.signal,
      onProgress: (progress) => update(localId, { progress }),
    }).then(
      async (attachment) => {
        inFlight.delete(localId);
        aborts.delete(localId);
        if (!states.has(localId)) return attachment;
        update(localId, { status: 'done', progress: 1, url: attachment.url });
        const record = await storage.get(localId).catch(() => undefined);
        if (record) await keep({ ...record, blob: undefined, url: attachment.url });
        return attachment;
      },
      (error: unknown) => {
        inFlight.delete(localId);
        aborts.delete(localId);
        const failure = error instanceof UploadError ? error : null;
        const offline = !failure || failure.failure === 'network';
        update(localId, {
          status: offline ? 'waiting' : 'failed',
          message: failure?.message ?? UPLOAD_MESSAGES.network,
        });
        throw failure ?? new UploadError('network', UPLOAD_MESSAGES.network);
      },
    );
    inFlight.set(localId, upload);
    return upload;
  };

  const startQuietly = (localId: string) => {
    start(localId).catch(() => undefined);
  };

  const restore = (localId: string): Promise<void> => {
    if (states.has(localId)) return restoring.get(localId) ?? Promise.resolve();
    states.set(localId, { localId, name: '', status: 'loading', progress: 0 });
    emit();
    const loaded = storage
      .get(localId)
      .catch(() => undefined)
      .then((record) => {
        restoring.delete(localId);
        if (!states.has(localId)) return;
        if (record?.url) {
          update(localId, { name: record.name, status: 'done', progress: 1, url: record.url });
        } else if (record?.blob) {
          files.set(localId, record.blob);
          update(localId, {
            name: record.name,
            status: 'waiting',
            message: UPLOAD_MESSAGES.network,
            previewUrl: makeObjectUrl(record.blob),
          });
          if (isOnline()) startQuietly(localId);
        } else {
          update(localId, {
            status: 'missing',
            message: 'This image was added in another browser or is no longer kept here.',
          });
        }
      });
    restoring.set(localId, loaded);
    return loaded;
  };

  return {
    add(file, noteId) {
      const localId = localUploadId();
      files.set(localId, file);
      states.set(localId, {
        localId,
        name: file.name,
        status: 'waiting',
        progress: 0,
        message: UPLOAD_MESSAGES.network,
        previewUrl: makeObjectUrl(file),
      });
      emit();
      void keep({
        localId,
        userId: userId(),
        noteId,
        name: file.name,
        type: file.type,
        blob: file,
        createdAt: new Date().toISOString(),
      });
      if (isOnline()) startQuietly(localId);
      return localId;
    },
    restore(localId) {
      void restore(localId);
    },
    retry(localId) {
      if (states.get(localId)?.status === 'done') return;
      startQuietly(localId);
    },
    remove(localId) {
      aborts.get(localId)?.abort();
      const state = states.get(localId);
      if (state?.previewUrl) revokeObjectUrl(state.previewUrl);
      states.delete(localId);
      files.delete(localId);
      void storage.remove(localId).catch(() => undefined);
      emit();
    },
    get: (localId) => states.get(localId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async uploaded(localId) {
      await restore(localId);
      const state = states.get(localId);
      if (state?.status === 'done' && state.url) return { url: state.url };
      if (!state || state.status === 'missing' || !files.has(localId)) {
        return { url: null, message: state?.message ?? UPLOAD_MESSAGES.server };
      }
      try {
        return { url: (await start(localId)).url };
      } catch (error) {
        if (error instanceof UploadError && error.permanent) {
          return { url: null, message: error.message };
        }
        // The outbox keeps a change that failed for want of a network, and tries it again.
        throw new TypeError(error instanceof Error ? error.message : UPLOAD_MESSAGES.network);
      }
    },
    resume() {
      for (const [localId, state] of states) {
        if (state.status === 'waiting') startQuietly(localId);
      }
    },
  };
}
