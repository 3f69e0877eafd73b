import { splitCardImages, toggleInContent } from './card-images';

const photo = (id: string, alt = '') => `<img src="/api/attachments/${id}" alt="${alt}">`;

describe('splitCardImages', () => {
  it('leaves content without uploaded images as it is', () => {
    const html = '<p>Hello <img src="https://example.com/a.png" alt="web"></p>';
    expect(splitCardImages(html)).toEqual({ images: [], body: html });
  });

  it("takes a note's uploaded images out, in order, with their alt text and thumbnails", () => {
    const { images, body } = splitCardImages(
      `<p>Receipt</p><p>${photo('a1', 'Till receipt')}</p><p>${photo('b2')} and text</p>`,
    );
    expect(images).toEqual([
      {
        id: 'a1',
        src: '/api/attachments/a1',
        thumb: '/api/attachments/a1?size=thumb',
        alt: 'Till receipt',
      },
      { id: 'b2', src: '/api/attachments/b2', thumb: '/api/attachments/b2?size=thumb', alt: '' },
    ]);
    // The paragraph that held an image alone goes; text beside an image stays.
    expect(body).toBe('<p>Receipt</p><p> and text</p>');
  });

  it('keeps the size the note gives an image, only when both sides are whole numbers', () => {
    const { images } = splitCardImages(
      '<p><img src="/api/attachments/w1" width="800" height="600" alt="">' +
        '<img src="/api/attachments/w2" width="80%" height="600" alt=""></p>',
    );
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [800, 600],
      [undefined, undefined],
    ]);
  });

  it('keeps web images, other addresses and a bare image at the top level as the body has them', () => {
    const { images, body } = splitCardImages(
      `${photo('top')}<p><img src="https://example.com/b.png" alt="web"></p>` +
        '<p><img src="/api/attachments/a/../../notes" alt="odd"></p>',
    );
    expect(images.map((image) => image.id)).toEqual(['top']);
    expect(body).toBe(
      '<p><img src="https://example.com/b.png" alt="web"></p>' +
        '<p><img src="/api/attachments/a/../../notes" alt="odd"></p>',
    );
  });

  it('never takes a checklist with the image: its items stay', () => {
    const { images, body } = splitCardImages(
      `<div><ul data-checklist><li data-checked="false"></li></ul>${photo('c')}</div>`,
    );
    expect(images).toHaveLength(1);
    expect(body).toBe('<div><ul data-checklist=""><li data-checked="false"></li></ul></div>');
  });
});

describe('toggleInContent', () => {
  const list = (item: string, checked = false) =>
    `<ul data-checklist><li data-checked="${checked}">${item}</li></ul>`;

  it("ticks the item of the same checklist in the content, whose blocks the card's body lacks", () => {
    const content = `<p>${photo('a')}</p>${list('Milk')}<p>${photo('b')}</p>${list('Eggs')}`;
    const { body } = splitCardImages(content);
    // The body's second block is the second checklist (the content's fourth).
    const next = toggleInContent(content, body, { block: 1, item: 0 });
    expect(next).toContain('data-checked="true">Eggs');
    expect(next).toContain('data-checked="false">Milk');
  });

  it('is the plain toggle when the body is the content, and undefined for no such item', () => {
    const content = list('Milk');
    expect(toggleInContent(content, content, { block: 0, item: 0 })).toContain(
      'data-checked="true"',
    );
    const withPhoto = `<p>${photo('a')}</p>${list('Milk')}`;
    const { body } = splitCardImages(withPhoto);
    expect(toggleInContent(withPhoto, body, { block: 3, item: 0 })).toBeUndefined();
  });
});
