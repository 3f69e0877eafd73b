import { createUploadQueue } from './upload-queue';
import type { StoredUpload, UploadQueueOptions } from './upload-queue';
import { UploadError, UPLOAD_MESSAGES } from './upload-request';
import type { UploadedAttachment } from './upload-request';

/** A send whose every call waits until the test answers it. */
function controlledSend() {
  const calls: Array<{
    name: string;
    onProgress?: (fraction: number) => void;
    resolve: (attachment: UploadedAttachment) => void;
    reject: (error: unknown) => void;
  }> = [];
  const send: NonNullable<UploadQueueOptions['send']> = (_file, name, options = {}) =>
    new Promise((resolve, reject) => {
      calls.push({ name, onProgress: options.onProgress, resolve, reject });
    });
  return { send, calls };
}

function setup({ online = true } = {}) {
  const records = new Map<string, StoredUpload>();
  const storage = {
    get: (id: string) => Promise.resolve(records.get(id)),
    put: (record: StoredUpload) => {
      records.set(record.localId, record);
      return Promise.resolve();
    },
    remove: (id: string) => {
      records.delete(id);
      return Promise.resolve();
    },
    list: () => Promise.resolve([...records.values()]),
  };
  const network = { online };
  const { send, calls } = controlledSend();
  const options: UploadQueueOptions = {
    storage,
    send,
    isOnline: () => network.online,
    userId: () => 'user-1',
    makeObjectUrl: () => 'blob:local',
    revokeObjectUrl: () => undefined,
  };
  return { queue: createUploadQueue(options), options, records, calls, network };
}

const photo = () => new File(['png-bytes'], 'receipt.png', { type: 'image/png' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload queue', () => {
  it('shows an image at once, reports progress and ends with its address', async () => {
    const { queue, calls, records } = setup();
    const id = queue.add(photo(), 'note-1');
    expect(queue.get(id)).toMatchObject({ status: 'uploading', previewUrl: 'blob:local' });
    await settle();
    expect(records.get(id)).toMatchObject({
      userId: 'user-1',
      noteId: 'note-1',
      name: 'receipt.png',
    });
    calls[0]?.onProgress?.(0.5);
    expect(queue.get(id)?.progress).toBe(0.5);
    calls[0]?.resolve({ _id: 'a1', url: '/api/attachments/a1' });
    await expect(queue.uploaded(id)).resolves.toEqual({ url: '/api/attachments/a1' });
    expect(queue.get(id)).toMatchObject({ status: 'done', url: '/api/attachments/a1' });
    // The kept copy now holds the address, not the bytes.
    expect(records.get(id)).toMatchObject({ url: '/api/attachments/a1', blob: undefined });
    expect(calls).toHaveLength(1);
  });

  it('waits offline, survives a reload and uploads when the network is back', async () => {
    const { queue, options, calls, network } = setup({ online: false });
    const id = queue.add(photo(), 'note-1');
    expect(queue.get(id)).toMatchObject({ status: 'waiting', message: UPLOAD_MESSAGES.network });
    expect(calls).toHaveLength(0);
    await settle();
    // A reload: a new queue over the same storage.
    const reloaded = createUploadQueue(options);
    reloaded.restore(id);
    expect(reloaded.get(id)?.status).toBe('loading');
    await settle();
    expect(reloaded.get(id)).toMatchObject({
      status: 'waiting',
      name: 'receipt.png',
      previewUrl: 'blob:local',
    });
    network.online = true;
    reloaded.resume();
    expect(reloaded.get(id)?.status).toBe('uploading');
    calls[0]?.resolve({ _id: 'a2', url: '/api/attachments/a2' });
    await expect(reloaded.uploaded(id)).resolves.toEqual({ url: '/api/attachments/a2' });
  });

  it('shows a failure with its message, and Retry sends the file again', async () => {
    const { queue, calls } = setup();
    const id = queue.add(photo(), 'new');
    calls[0]?.reject(new UploadError('server', UPLOAD_MESSAGES.server));
    await settle();
    expect(queue.get(id)).toMatchObject({ status: 'failed', message: UPLOAD_MESSAGES.server });
    queue.retry(id);
    expect(queue.get(id)?.status).toBe('uploading');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve({ _id: 'a3', url: '/api/attachments/a3' });
    await expect(queue.uploaded(id)).resolves.toEqual({ url: '/api/attachments/a3' });
  });

  it('gives no address for a file the server will never take, and a TypeError for the network', async () => {
    const { queue, calls } = setup();
    const big = queue.add(photo(), 'new');
    const flaky = queue.add(photo(), 'new');
    const bigResult = queue.uploaded(big);
    const flakyResult = queue.uploaded(flaky);
    calls[0]?.reject(new UploadError('too-large', UPLOAD_MESSAGES['too-large']));
    calls[1]?.reject(new UploadError('network', UPLOAD_MESSAGES.network));
    await expect(bigResult).resolves.toEqual({ url: null, message: UPLOAD_MESSAGES['too-large'] });
    await expect(flakyResult).rejects.toBeInstanceOf(TypeError);
    expect(queue.get(flaky)?.status).toBe('waiting');
  });

  it('forgets a removed image and its kept copy', async () => {
    const { queue, records } = setup({ online: false });
    const id = queue.add(photo(), 'new');
    await settle();
    expect(records.has(id)).toBe(true);
    queue.remove(id);
    await settle();
    expect(queue.get(id)).toBeUndefined();
    expect(records.has(id)).toBe(false);
    await expect(queue.uploaded(id)).resolves.toMatchObject({ url: null });
  });
});
