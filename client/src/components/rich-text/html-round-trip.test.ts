import type { Descendant } from 'slate';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';

/** Serialises, checks the HTML, then reads it back and expects the very same nodes. */
function expectRoundTrip(nodes: Descendant[], html: string): void {
  expect(slateToHtml(nodes)).toBe(html);
  expect(htmlToSlate(html)).toEqual(nodes);
}

const paragraph = (...children: Descendant[]): Descendant =>
  ({ type: 'paragraph', children }) as Descendant;

describe('HTML round trip', () => {
  it.each([
    ['bold', { bold: true }, '<p>a <strong>x</strong> b</p>'],
    ['italic', { italic: true }, '<p>a <em>x</em> b</p>'],
    ['underline', { underline: true }, '<p>a <u>x</u> b</p>'],
    ['strikethrough', { strikethrough: true }, '<p>a <s>x</s> b</p>'],
    ['text colour', { color: '#e03131' }, '<p>a <span style="color: #e03131">x</span> b</p>'],
    [
      'background colour',
      { background: '#ffec99' },
      '<p>a <span style="background-color: #ffec99">x</span> b</p>',
    ],
  ] as const)('keeps %s', (_name, marks, html) => {
    expectRoundTrip([paragraph({ text: 'a ' }, { text: 'x', ...marks }, { text: ' b' })], html);
  });

  it('keeps every mark and both colours on one piece of text', () => {
    expectRoundTrip(
      [
        paragraph({
          text: 'all',
          bold: true,
          italic: true,
          underline: true,
          strikethrough: true,
          color: '#1971c2',
          background: '#ffc9c9',
        }),
      ],
      '<p><strong><em><u><s><span style="color: #1971c2; background-color: #ffc9c9">all</span></s></u></em></strong></p>',
    );
  });

  it.each([
    ['paragraph', 'p'],
    ['heading-one', 'h1'],
    ['heading-two', 'h2'],
    ['heading-three', 'h3'],
    ['block-quote', 'blockquote'],
  ])('keeps a %s block', (type, tag) => {
    expectRoundTrip(
      [{ type, children: [{ text: 'Title' }] } as Descendant],
      `<${tag}>Title</${tag}>`,
    );
  });

  it.each(['center', 'right', 'justify'] as const)('keeps %s alignment', (align) => {
    expectRoundTrip(
      [{ type: 'heading-two', align, children: [{ text: 'x' }] }],
      `<h2 style="text-align: ${align}">x</h2>`,
    );
  });

  it('keeps indentation as 40 px steps together with alignment', () => {
    expectRoundTrip(
      [
        { type: 'paragraph', indent: 1, children: [{ text: 'one' }] },
        { type: 'block-quote', indent: 3, align: 'center', children: [{ text: 'three' }] },
      ],
      '<p style="margin-left: 40px">one</p><blockquote style="text-align: center; margin-left: 120px">three</blockquote>',
    );
  });

  it('keeps numbered and bulleted lists with nesting', () => {
    expectRoundTrip(
      [
        {
          type: 'numbered-list',
          children: [
            { type: 'list-item', children: [{ text: 'one' }] },
            {
              type: 'bulleted-list',
              children: [
                { type: 'list-item', children: [{ text: 'one.a' }] },
                { type: 'list-item', align: 'right', children: [{ text: 'one.b', bold: true }] },
              ],
            },
            { type: 'list-item', children: [{ text: 'two' }] },
          ],
        },
        {
          type: 'bulleted-list',
          indent: 1,
          children: [{ type: 'list-item', children: [{ text: 'solo' }] }],
        },
      ],
      '<ol><li>one<ul><li>one.a</li><li style="text-align: right"><strong>one.b</strong></li></ul></li><li>two</li></ol>' +
        '<ul style="margin-left: 40px"><li>solo</li></ul>',
    );
  });

  it('keeps a nested list that comes before any item', () => {
    expectRoundTrip(
      [
        {
          type: 'bulleted-list',
          children: [
            { type: 'list-item', children: [{ text: '' }] },
            {
              type: 'bulleted-list',
              children: [{ type: 'list-item', children: [{ text: 'deep' }] }],
            },
          ],
        },
      ],
      '<ul><li><ul><li>deep</li></ul></li></ul>',
    );
  });

  it('keeps checklists: each item ticked or not, with marks, links and block styles', () => {
    expectRoundTrip(
      [
        paragraph({ text: 'Shopping' }),
        {
          type: 'checklist',
          indent: 1,
          children: [
            { type: 'check-item', checked: true, children: [{ text: 'Milk' }] },
            {
              type: 'check-item',
              checked: false,
              align: 'center',
              children: [
                { text: 'Eggs ' },
                { type: 'link', url: 'https://example.com', children: [{ text: 'x' }] },
                { text: ' free range', bold: true },
              ],
            },
            { type: 'check-item', checked: false, children: [{ text: '' }] },
          ],
        },
      ],
      '<p>Shopping</p><ul data-checklist style="margin-left: 40px"><li data-checked="true">Milk</li>' +
        '<li data-checked="false" style="text-align: center">Eggs <a href="https://example.com">x</a><strong> free range</strong></li>' +
        '<li data-checked="false"></li></ul>',
    );
  });

  it('keeps images as inline voids', () => {
    expectRoundTrip(
      [
        paragraph(
          { text: 'see ' },
          {
            type: 'image',
            url: 'https://example.com/a.png?x=1&y=2',
            alt: 'A "cat"',
            children: [{ text: '' }],
          },
          { text: '' },
        ),
      ],
      '<p>see <img src="https://example.com/a.png?x=1&amp;y=2" alt="A &quot;cat&quot;"></p>',
    );
  });

  it('keeps links', () => {
    expectRoundTrip(
      [
        paragraph(
          { text: 'go ' },
          {
            type: 'link',
            url: 'https://example.com/?q=1&r=2',
            children: [{ text: 'here', bold: true }],
          },
          { text: '' },
        ),
      ],
      '<p>go <a href="https://example.com/?q=1&amp;r=2"><strong>here</strong></a></p>',
    );
  });

  it('keeps emoji and other non-Latin text', () => {
    expectRoundTrip(
      [paragraph({ text: 'Done 🎉 ✅ — café 日本' })],
      '<p>Done 🎉 ✅ — café 日本</p>',
    );
  });

  it('escapes markup characters in text and attributes', () => {
    expectRoundTrip(
      [paragraph({ text: '<script>alert("x") & \'y\'</script>', color: '#e03131' })],
      '<p><span style="color: #e03131">&lt;script&gt;alert("x") &amp; \'y\'&lt;/script&gt;</span></p>',
    );
  });

  it('keeps spaces that HTML would collapse and soft line breaks', () => {
    expectRoundTrip(
      [
        paragraph({ text: '  two  spaces ' }, { text: ' bold ', bold: true }),
        paragraph({ text: 'line\n indented\n' }),
      ],
      '<p>&nbsp;&nbsp;two &nbsp;spaces <strong>&nbsp;bold&nbsp;</strong></p><p>line<br>&nbsp;indented<br><br></p>',
    );
  });

  it('keeps empty paragraphs between content', () => {
    expectRoundTrip(
      [paragraph({ text: 'a' }), paragraph({ text: '' }), paragraph({ text: 'b' })],
      '<p>a</p><p></p><p>b</p>',
    );
  });
});
