import { UPLOAD_MESSAGES, UploadError, uploadFile } from './upload-request';

/** A stand-in XMLHttpRequest that records what was sent and answers as the test says. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const file = () => new File(['bytes'], 'ré ceipt.png', { type: 'image/png' });

beforeEach(() => {
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  localStorage.setItem('token', 'Bearer abc');
});

describe('uploadFile', () => {
  it('posts the raw file with its type, its encoded name and the sign-in, and reports progress', async () => {
    const progress: number[] = [];
    const upload = uploadFile(file(), 'ré ceipt.png', { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/attachments']);
    expect(xhr.headers).toEqual({
      authorization: 'Bearer abc',
      'content-type': 'image/png',
      'x-file-name': 'r%C3%A9%20ceipt.png',
    });
    expect(xhr.body).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
    expect(progress).toEqual([0.5]);
    xhr.answer(201, { attachment: { _id: 'a1', url: '/api/attachments/a1', name: 'x' } });
    await expect(upload).resolves.toMatchObject({ _id: 'a1', url: '/api/attachments/a1' });
  });

  it.each([
    [413, 'too-large'],
    [415, 'type'],
    [401, 'session'],
    [500, 'server'],
    [503, 'network'],
  ] as const)('turns a %i into a %s failure with the app’s message', async (status, failure) => {
    const upload = uploadFile(file(), 'a.png');
    FakeXhr.last.answer(status, { errors: ['whatever the server said'] });
    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ failure, message: UPLOAD_MESSAGES[failure] });
  });

  it('says network when there is no answer at all', async () => {
    const upload = uploadFile(file(), 'a.png');
    FakeXhr.last.onerror?.();
    await expect(upload).rejects.toMatchObject({ failure: 'network' });
  });

  it('refuses an answer whose address is not an attachment’s', async () => {
    const upload = uploadFile(file(), 'a.png');
    FakeXhr.last.answer(201, { attachment: { _id: 'a1', url: 'javascript:alert(1)' } });
    await expect(upload).rejects.toMatchObject({ failure: 'server' });
  });
});
