import type { Descendant } from 'slate';
import { htmlToSlate } from '../html-deserialize';
import { slateToHtml } from '../html-serialize';
import { hasPendingImages, withUploadedImages } from './image-uploads';

const paragraph = (...children: Descendant[]): Descendant =>
  ({ type: 'paragraph', children }) as Descendant;

const pending = (upload: string, alt?: string): Descendant => ({
  type: 'image',
  url: '',
  upload,
  ...(alt ? { alt } : {}),
  children: [{ text: '' }],
});

describe('pending images in the stored HTML', () => {
  it('keeps an image waiting to be uploaded as its local id, with no address', () => {
    const nodes = [
      paragraph({ text: 'receipt ' }, pending('up-1-a', 'A "till" slip'), { text: '' }),
    ];
    const html = slateToHtml(nodes);
    expect(html).toBe('<p>receipt <img data-upload="up-1-a" alt="A &quot;till&quot; slip"></p>');
    expect(htmlToSlate(html)).toEqual(nodes);
    expect(hasPendingImages(html)).toBe(true);
  });

  it('never writes a blob: or other unsafe address, and reads no odd local id', () => {
    const blob = paragraph(
      { text: '' },
      { type: 'image', url: 'blob:http://x/1', children: [{ text: '' }] },
      { text: '' },
    );
    expect(slateToHtml([blob])).not.toContain('blob:');
    expect(htmlToSlate('<p><img data-upload="a&quot; onerror=x" alt=""></p>')).toEqual([
      paragraph({ text: '' }),
    ]);
  });

  it("keeps Jotter's own attachment addresses", () => {
    const nodes = [
      paragraph(
        { text: '' },
        {
          type: 'image',
          url: '/api/attachments/abc_1-2',
          alt: 'cat',
          children: [{ text: '' }],
        },
        { text: '' },
      ),
    ];
    expect(slateToHtml(nodes)).toBe('<p><img src="/api/attachments/abc_1-2" alt="cat"></p>');
    expect(htmlToSlate(slateToHtml(nodes))).toEqual(nodes);
    expect(htmlToSlate('<p><img src="/api/other/abc" alt=""></p>')).toEqual([
      paragraph({ text: '' }),
    ]);
  });
});

describe('withUploadedImages', () => {
  const html =
    '<p>a<img data-upload="up-1" alt="one">b<img data-upload="up-2" alt="">' +
    '<img data-upload="up-1" alt="again"></p>';

  it('puts the server addresses in, uploading each image once', async () => {
    const uploaded = jest.fn((localId: string) =>
      Promise.resolve({ url: `/api/attachments/id-${localId}` }),
    );
    const result = await withUploadedImages(html, { uploaded });
    expect(result).toBe(
      '<p>a<img src="/api/attachments/id-up-1" alt="one">b<img src="/api/attachments/id-up-2" alt="">' +
        '<img src="/api/attachments/id-up-1" alt="again"></p>',
    );
    expect(uploaded).toHaveBeenCalledTimes(2);
    expect(hasPendingImages(result)).toBe(false);
  });

  it('leaves out an image that can never be uploaded, and says why', async () => {
    const dropped = jest.fn();
    const result = await withUploadedImages(
      html,
      {
        uploaded: (localId) =>
          Promise.resolve(
            localId === 'up-2'
              ? { url: null, message: 'Too large' }
              : { url: '/api/attachments/x' },
          ),
      },
      dropped,
    );
    expect(result).toBe(
      '<p>a<img src="/api/attachments/x" alt="one">b<img src="/api/attachments/x" alt="again"></p>',
    );
    expect(dropped).toHaveBeenCalledWith('Too large');
  });

  it('rejects when the network fails, so the change waits', async () => {
    await expect(
      withUploadedImages(html, { uploaded: () => Promise.reject(new TypeError('offline')) }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it('leaves HTML without pending images as it is', async () => {
    const uploaded = jest.fn();
    await expect(withUploadedImages('<p>x</p>', { uploaded })).resolves.toBe('<p>x</p>');
    expect(uploaded).not.toHaveBeenCalled();
  });
});
