import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';

describe('htmlToSlate on foreign or broken HTML', () => {
  it('gives one empty paragraph for an empty or blank string', () => {
    const empty = [{ type: 'paragraph', children: [{ text: '' }] }];
    expect(htmlToSlate('')).toEqual(empty);
    expect(htmlToSlate('   \n ')).toEqual(empty);
  });

  it('reads checklists as the server stores them, with any state but "true" as open', () => {
    expect(
      htmlToSlate(
        '<ul data-checklist=""><li data-checked="true">Milk</li><li>Eggs</li><li data-checked="TRUE">Tea</li></ul>',
      ),
    ).toEqual([
      {
        type: 'checklist',
        children: [
          { type: 'check-item', checked: true, children: [{ text: 'Milk' }] },
          { type: 'check-item', checked: false, children: [{ text: 'Eggs' }] },
          { type: 'check-item', checked: false, children: [{ text: 'Tea' }] },
        ],
      },
    ]);
  });

  it('keeps text between checklist items with the item before, and reads nested lists as text', () => {
    expect(
      slateToHtml(
        htmlToSlate(
          '<ul data-checklist>lead<li data-checked="false">a</li>tail<li data-checked="true">b<ul><li>c</li></ul></li></ul>',
        ),
      ),
    ).toBe(
      '<ul data-checklist><li data-checked="false">lead<br>a<br>tail</li><li data-checked="true">b<br>c</li></ul>',
    );
  });

  it('reads a checklist without items as no checklist', () => {
    expect(htmlToSlate('<ul data-checklist>only text</ul>')).toEqual([
      {
        type: 'bulleted-list',
        children: [{ type: 'list-item', children: [{ text: 'only text' }] }],
      },
    ]);
  });

  it('turns plain text without tags into one paragraph', () => {
    expect(htmlToSlate('just text & more')).toEqual([
      { type: 'paragraph', children: [{ text: 'just text & more' }] },
    ]);
  });

  it('reads b, i, strike, del and styled spans as marks', () => {
    expect(
      slateToHtml(
        htmlToSlate(
          '<div><b>b</b><i>i</i><strike>s</strike><del>d</del>' +
            '<span style="font-weight: bold; font-style: italic; text-decoration: underline">x</span></div>',
        ),
      ),
    ).toBe('<p><strong>b</strong><em>i</em><s>sd</s><strong><em><u>x</u></em></strong></p>');
  });

  it('combines nested spans and keeps the innermost colour', () => {
    expect(
      slateToHtml(
        htmlToSlate(
          '<p><span style="color: red"><span style="background-color: rgb(1, 2, 3)">in</span>out</span></p>',
        ),
      ),
    ).toBe(
      '<p><span style="color: red; background-color: rgb(1, 2, 3)">in</span><span style="color: red">out</span></p>',
    );
  });

  it('turns <br> into soft breaks and drops the trailing one', () => {
    expect(htmlToSlate('<div>one<br>two<br></div>')).toEqual([
      { type: 'paragraph', children: [{ text: 'one\ntwo' }] },
    ]);
    expect(htmlToSlate('<p><br></p>')).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });

  it('keeps the text of unknown tags and drops scripts, styles and unsafe URLs', () => {
    expect(
      slateToHtml(
        htmlToSlate(
          '<custom-tag>hello <code>code</code></custom-tag><script>alert(1)</script><style>p{}</style>' +
            '<a href="javascript:alert(1)">click</a><img src="javascript:x" onerror="alert(1)">',
        ),
      ),
    ).toBe('<p>hello codeclick</p>');
  });

  it('collapses source whitespace between and inside blocks', () => {
    expect(htmlToSlate('\n  <p>\n  hello \n  world  </p>\n  <p>b</p>\n')).toEqual([
      { type: 'paragraph', children: [{ text: 'hello world' }] },
      { type: 'paragraph', children: [{ text: 'b' }] },
    ]);
  });

  it('wraps loose inline content around blocks into paragraphs', () => {
    expect(slateToHtml(htmlToSlate('before<h1>Head</h1>after<span> </span>'))).toBe(
      '<p>before</p><h1>Head</h1><p>after</p>',
    );
  });

  it('maps h4–h6 to heading three and blockquote paragraphs to quotes', () => {
    expect(
      slateToHtml(htmlToSlate('<h5>small</h5><blockquote><p>one</p><p>two</p></blockquote>')),
    ).toBe('<h3>small</h3><blockquote>one</blockquote><blockquote>two</blockquote>');
  });

  it('reads padding-left, legacy align and <center>', () => {
    expect(
      slateToHtml(
        htmlToSlate('<p style="padding-left: 80px">a</p><p align="right">b</p><center>c</center>'),
      ),
    ).toBe(
      '<p style="margin-left: 80px">a</p><p style="text-align: right">b</p><p style="text-align: center">c</p>',
    );
  });

  it('reads list items holding paragraphs and lists nested directly in lists', () => {
    expect(
      slateToHtml(htmlToSlate('<ul><li><p>a</p><p>b</p></li><ol><li>n</li></ol>stray</ul>')),
    ).toBe('<ul><li>a<br>b<ol><li>n</li></ol></li><li>stray</li></ul>');
  });

  it('drops empty lists and hoists images out of links', () => {
    expect(
      slateToHtml(
        htmlToSlate('<ul></ul><p><a href="https://x.org"><img src="https://x.org/i.png">t</a></p>'),
      ),
    ).toBe('<p><a href="https://x.org">t</a><img src="https://x.org/i.png" alt=""></p>');
  });

  it('reads unclosed and misnested tags without throwing', () => {
    expect(() => htmlToSlate('<p><b>bold <i>both</b> italic?</p></div><ul><li>x')).not.toThrow();
    expect(slateToHtml(htmlToSlate('<p><b>bold'))).toBe('<p><strong>bold</strong></p>');
  });

  it('keeps the whitespace of <pre>', () => {
    expect(htmlToSlate('<pre>a  b\n c</pre>')).toEqual([
      { type: 'paragraph', children: [{ text: 'a  b\n c' }] },
    ]);
  });
});
