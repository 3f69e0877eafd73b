import { htmlToSlate } from './html-deserialize';
import { htmlToText, isHtmlEmpty, slateToText } from './plain-text';

describe('slateToText', () => {
  it('joins blocks and list items with newlines and keeps soft breaks', () => {
    const html =
      '<h1>Title</h1><p>one<br>two</p><ol><li>a<ul><li>b</li></ul></li></ol><p><img src="https://x.org/i.png"></p>';
    expect(slateToText(htmlToSlate(html))).toBe('Title\none\ntwo\na\nb\n');
  });
});

describe('htmlToText of a checklist', () => {
  it('has each item on a line of its own, as the server derives textContent', () => {
    expect(
      htmlToText(
        '<p>Shop</p><ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul>',
      ),
    ).toBe('Shop\nMilk\nEggs');
  });
});

describe('isHtmlEmpty', () => {
  it.each([
    '',
    '<p></p>',
    '<p><br></p>',
    '<p>  &nbsp; </p><p></p>',
    '<ul><li></li></ul>',
    '<ul data-checklist><li data-checked="false"></li></ul>',
    '<script>x</script>',
  ])('is true for %j', (html) => {
    expect(isHtmlEmpty(html)).toBe(true);
  });

  it.each(['x', '<p>a</p>', '<p><img src="https://x.org/i.png"></p>', '<ul><li>·</li></ul>'])(
    'is false for %j',
    (html) => {
      expect(isHtmlEmpty(html)).toBe(false);
    },
  );
});
