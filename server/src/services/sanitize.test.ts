import { htmlToText, plainText, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h1 style="text-align: center">T</h1><p style="margin-left: 40px"><strong>b</strong><em>i</em><u>u</u><s>s</s>' +
      '<span style="color: #ff0000; background-color: #00ff00">c</span></p><blockquote>q</blockquote>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul><p><a href="https://example.com">l</a><img src="https://example.com/a.png" alt="a" /></p>';
    const clean = sanitizeRichText(html);
    for (const kept of [
      '<h1 style="text-align:center">',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      'color:#ff0000',
      'background-color:#00ff00',
      '<blockquote>',
      '<ol><li>one</li></ol>',
      '<ul><li>two</li></ul>',
      'href="https://example.com"',
      'src="https://example.com/a.png"',
      'margin-left:40px',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it.each([
    ['script tag', '<p>a</p><script>alert(1)</script>', /script|alert/],
    ['event handler', '<img src="https://x.test/a.png" onerror="alert(1)">', /onerror|alert/],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript/i],
    [
      'entity-encoded javascript: link',
      '<a href="&#106;avascript:alert(1)">x</a>',
      /javascript|alert/i,
    ],
    [
      'data:text/html link',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      /data:/,
    ],
    [
      'data:text/html image',
      '<img src="data:text/html,<script>alert(1)</script>">',
      /data:|script/,
    ],
    ['svg', '<svg onload="alert(1)"><circle /></svg>', /svg|onload/],
    ['iframe', '<iframe src="https://evil.test"></iframe>', /iframe/],
    [
      'style expression',
      '<p style="background-image: url(javascript:alert(1)); color: expression(alert(1))">x</p>',
      /url\(|expression/,
    ],
    ['object', '<object data="x.swf"></object>', /object/],
    ['broken markup', '<p><scr<script>ipt>alert(1)</script></p>', /<script/],
  ])('removes %s', (_name, dirty, forbidden) => {
    expect(sanitizeRichText(dirty)).not.toMatch(forbidden);
  });

  it('keeps a checklist: the marker on ul and each item ticked or not', () => {
    const html =
      '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps only the checklist marker and the two item states', () => {
    expect(
      sanitizeRichText(
        '<ul data-checklist="yes" data-x="1" onclick="alert(1)"><li data-checked="TRUE">a</li>' +
          '<li data-checked="maybe" data-id="7">b</li><li data-checked="false" data-checklist>c</li></ul>',
      ),
    ).toBe('<ul data-checklist><li>a</li><li>b</li><li data-checked="false">c</li></ul>');
    expect(sanitizeRichText('<ol data-checklist><li>a</li></ol>')).toBe('<ol><li>a</li></ol>');
    expect(sanitizeRichText('<p data-checked="true" data-checklist>p</p>')).toBe('<p>p</p>');
  });

  it('keeps raster data: images but not SVG ones', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain(
      'data:image/png',
    );
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).not.toContain(
      'data:',
    );
  });
});

describe('htmlToText', () => {
  it('puts blocks on their own lines and decodes entities', () => {
    expect(htmlToText('<h1>Title</h1><p>a &amp; b</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Title\na & b\none\ntwo',
    );
  });
  it('has a checklist item on each line, ticked or not', () => {
    expect(
      htmlToText(
        '<p>Shop</p><ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul>',
      ),
    ).toBe('Shop\nMilk\nEggs');
  });
  it('is empty for empty markup', () => {
    expect(htmlToText('<p></p><p> </p>')).toBe('');
  });
});

describe('plainText', () => {
  it('keeps what looks like markup as the characters typed', () => {
    expect(plainText('Use <b> for bold')).toBe('Use <b> for bold');
    expect(plainText(`Tom & Jerry's <b>"best"</b>`)).toBe(`Tom & Jerry's <b>"best"</b>`);
    expect(plainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(plainText('&lt;b&gt; &amp;')).toBe('&lt;b&gt; &amp;');
  });
  it('drops control characters, a line break or a tab becoming a space', () => {
    expect(plainText('a\u0000b\u0007c\u007fd\u009fe')).toBe('abcde');
    expect(plainText('one\ntwo\tthree\r\nfour')).toBe('one two three  four');
  });
  it('leaves other text alone, emoji and accents included', () => {
    expect(plainText('Été 🎉 a < b')).toBe('Été 🎉 a < b');
  });
});
