import { Editor, Transforms } from 'slate';
import { createRichEditor } from './with-rich-text';
import { emptyValue } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import { imageUploads } from './uploads/image-uploads';

jest.mock('./uploads/image-uploads', () => ({
  ...jest.requireActual<object>('./uploads/image-uploads'),
  imageUploads: jest.fn(),
}));

/**
 * Paste keeps formatting (issue 38): HTML from a web page or a word processor goes through the
 * deserializer, which keeps bold, italics, lists, headings and links and drops what is unsafe.
 */

/** What a paste of `html` (and `text`) into an empty editor stores. */
function paste(html: string, text = '', slateFragment = '', files: File[] = []): string {
  const editor = createRichEditor();
  editor.children = emptyValue();
  Transforms.select(editor, Editor.start(editor, []));
  const types: Record<string, string> = {
    'text/html': html,
    'text/plain': text,
    'application/x-slate-fragment': slateFragment,
  };
  editor.insertData({
    getData: (type: string) => types[type] ?? '',
    files,
  } as unknown as DataTransfer);
  return slateToHtml(editor.children);
}

// As Google Docs puts it on the clipboard: a <b> with font-weight normal around everything,
// spans carrying the weight and style, lists and headings with inline styles.
const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5c1f">' +
  '<h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-weight:400">Trip plan</span></h2>' +
  '<p dir="ltr"><span style="font-weight:700;">Book</span><span style="font-weight:400;"> the </span>' +
  '<span style="font-style:italic;font-weight:400;">train</span></p>' +
  '<ul style="margin-top:0;margin-bottom:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation">' +
  '<span style="font-weight:400">Passport</span></p></li><li dir="ltr"><p dir="ltr" role="presentation">' +
  '<span>Tickets</span></p></li></ul>' +
  '<p dir="ltr"><a href="https://example.com/rail" style="text-decoration:none;"><span style="color:#1155cc;text-decoration:underline">Timetable</span></a>' +
  '<a href="javascript:alert(1)"><span>Trap</span></a></p></b><br class="Apple-interchange-newline">';

// As Word puts it: MsoNormal paragraphs, <b>, <i>, conditional comments and an <o:p>.
const WORD =
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style><!-- p.MsoNormal {margin:0} --></style></head>' +
  '<body lang=EN-GB><!--StartFragment--><p class=MsoNormal><b><span style="font-size:12pt">Bold</span></b>' +
  '<span> and </span><i>italic</i><o:p></o:p></p><!--EndFragment--></body></html>';

describe('pasting HTML', () => {
  it('keeps a Google Docs copy’s heading, bold, italics, list and link, and drops a javascript: link', () => {
    const html = paste(GOOGLE_DOCS, 'Trip plan Book the train Passport Tickets Timetable Trap');
    expect(html).toContain('<h2>Trip plan</h2>');
    expect(html).toContain('<strong>Book</strong>');
    expect(html).toContain('<em>train</em>');
    expect(html).toMatch(/<ul><li>Passport<\/li><li>Tickets<\/li><\/ul>/);
    expect(html).toContain('<a href="https://example.com/rail"');
    expect(html).toContain('Timetable');
    expect(html).not.toContain('javascript:');
    // The unsafe link's text stays, as plain text.
    expect(html).toContain('Trap');
    // The wrapper's font-weight:normal <b> does not make everything bold.
    expect(html).not.toContain('<strong>Trip plan</strong>');
  });

  it('keeps a Word copy’s bold and italics, without its styles or comments', () => {
    const html = paste(WORD, 'Bold and italic');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).not.toMatch(/MsoNormal|StartFragment|<style|<o:p/i);
  });

  it('pastes plain text as text when there is no HTML', () => {
    expect(paste('', 'just <b>text</b>')).toBe('<p>just &lt;b&gt;text&lt;/b&gt;</p>');
  });

  describe('a picture on the clipboard (issue 40)', () => {
    const add = jest.fn((_file: File, _noteId: string) => 'up-1');
    beforeEach(() => {
      add.mockClear();
      jest
        .mocked(imageUploads)
        .mockReturnValue({ add } as unknown as ReturnType<typeof imageUploads>);
    });
    const png = () => new File(['x'], 'shot.png', { type: 'image/png' });

    it('is added as an image waiting for its upload', () => {
      expect(paste('', '', '', [png()])).toBe('<p><img data-upload="up-1" alt=""></p>');
      expect(add).toHaveBeenCalledTimes(1);
    });

    it('is added from a browser copy of an image (its HTML too, but no text)', () => {
      const html = paste('<img src="https://example.com/a.png">', '', '', [png()]);
      expect(html).toBe('<p><img data-upload="up-1" alt=""></p>');
    });

    it('is left out when the copy has text (a word processor adds a picture of it)', () => {
      expect(paste('<p><b>Hi</b></p>', 'Hi', '', [png()])).toBe('<p><strong>Hi</strong></p>');
      expect(add).not.toHaveBeenCalled();
    });

    it('takes no file that is not an image', () => {
      const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
      expect(paste('', 'a.pdf', '', [pdf])).toBe('<p>a.pdf</p>');
      expect(add).not.toHaveBeenCalled();
    });
  });
});
