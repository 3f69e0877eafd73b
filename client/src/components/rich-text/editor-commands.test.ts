import { Editor, Transforms } from 'slate';
import type { Descendant } from 'slate';
import { htmlToSlate } from './html-deserialize';
import { slateToHtml } from './html-serialize';
import {
  activeAlignment,
  activeBlockType,
  activeListType,
  indent,
  insertImage,
  insertText,
  isMarkActive,
  isChecklistActive,
  outdent,
  setAlignment,
  setBlockType,
  setColor,
  toggleChecklist,
  toggleList,
  toggleMark,
} from './editor-commands';
import { createRichEditor } from './with-rich-text';

function editorWith(html: string): Editor {
  const editor = createRichEditor();
  editor.children = htmlToSlate(html);
  Editor.normalize(editor, { force: true });
  return editor;
}

const html = (editor: Editor) => slateToHtml(editor.children);
const selectAll = (editor: Editor) =>
  Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
const selectText = (editor: Editor, path: number[], from: number, to: number) =>
  Transforms.select(editor, { anchor: { path, offset: from }, focus: { path, offset: to } });

describe('editor commands', () => {
  it('toggles marks on a range', () => {
    const editor = editorWith('<p>hello world</p>');
    selectText(editor, [0, 0], 0, 5);
    toggleMark(editor, 'bold');
    expect(html(editor)).toBe('<p><strong>hello</strong> world</p>');
    expect(isMarkActive(editor, 'bold')).toBe(true);
    toggleMark(editor, 'bold');
    expect(html(editor)).toBe('<p>hello world</p>');
  });

  it('sets and clears colours', () => {
    const editor = editorWith('<p>hi</p>');
    selectAll(editor);
    setColor(editor, 'color', '#e03131');
    setColor(editor, 'background', '#ffec99');
    expect(html(editor)).toBe(
      '<p><span style="color: #e03131; background-color: #ffec99">hi</span></p>',
    );
    setColor(editor, 'color', null);
    expect(html(editor)).toBe('<p><span style="background-color: #ffec99">hi</span></p>');
  });

  it('changes block types and alignment', () => {
    const editor = editorWith('<p>a</p><p>b</p>');
    selectAll(editor);
    setBlockType(editor, 'heading-two');
    setAlignment(editor, 'center');
    expect(html(editor)).toBe(
      '<h2 style="text-align: center">a</h2><h2 style="text-align: center">b</h2>',
    );
    expect(activeBlockType(editor)).toBe('heading-two');
    expect(activeAlignment(editor)).toBe('center');
    setAlignment(editor, 'left');
    setBlockType(editor, 'block-quote');
    expect(html(editor)).toBe('<blockquote>a</blockquote><blockquote>b</blockquote>');
  });

  it('wraps blocks in a list, switches its kind and unwraps it', () => {
    const editor = editorWith('<p>a</p><p>b</p>');
    selectAll(editor);
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(activeListType(editor)).toBe('bulleted-list');
    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>a</li><li>b</li></ol>');
    toggleList(editor, 'numbered-list');
    expect(html(editor)).toBe('<p>a</p><p>b</p>');
  });

  it('nests list items with indent and lifts them with outdent', () => {
    const editor = editorWith('<ul><li>a</li><li>b</li><li>c</li></ul>');
    Transforms.select(editor, { path: [0, 1, 0], offset: 0 });
    indent(editor);
    expect(html(editor)).toBe('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>');
    Transforms.select(editor, { path: [0, 2, 0], offset: 0 });
    indent(editor);
    expect(html(editor)).toBe('<ul><li>a<ul><li>b</li><li>c</li></ul></li></ul>');
    outdent(editor);
    expect(html(editor)).toBe('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>');
    outdent(editor);
    expect(html(editor)).toBe('<ul><li>a<ul><li>b</li></ul></li></ul><p>c</p>');
  });

  it('unwraps a nested item entirely when its list is toggled off', () => {
    const editor = editorWith('<ul><li>a<ul><li>b</li></ul></li></ul>');
    Transforms.select(editor, { path: [0, 1, 0, 0], offset: 0 });
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li></ul><p>b</p>');
  });

  it('indents and outdents other blocks by 40 px steps', () => {
    const editor = editorWith('<p>a</p>');
    selectAll(editor);
    indent(editor);
    indent(editor);
    expect(html(editor)).toBe('<p style="margin-left: 80px">a</p>');
    outdent(editor);
    outdent(editor);
    outdent(editor);
    expect(html(editor)).toBe('<p>a</p>');
  });

  it('inserts emoji and images at the cursor', () => {
    const editor = editorWith('<p>ab</p>');
    Transforms.select(editor, { path: [0, 0], offset: 1 });
    insertText(editor, '🎉');
    insertImage(editor, 'https://example.com/i.png', 'pic');
    insertText(editor, '!');
    expect(html(editor)).toBe('<p>a🎉<img src="https://example.com/i.png" alt="pic">!b</p>');
  });

  it('leaves a list when Enter is pressed on an empty item', () => {
    const editor = editorWith('<ul><li>a</li></ul>');
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    expect(html(editor)).toBe('<ul><li>a</li><li></li></ul>');
    editor.insertBreak();
    expect(html(editor)).toBe('<ul><li>a</li></ul><p></p>');
  });

  it('starts a paragraph after a heading and turns an empty quote back into one', () => {
    const editor = editorWith('<h1>Title</h1>');
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    editor.insertText('body');
    expect(html(editor)).toBe('<h1>Title</h1><p>body</p>');
    const quote = editorWith('<blockquote></blockquote>');
    Transforms.select(quote, Editor.start(quote, []));
    quote.deleteBackward('character');
    expect(html(quote)).toBe('<p></p>');
  });

  it('repairs list structure during normalisation', () => {
    const editor = createRichEditor();
    editor.children = [
      { type: 'bulleted-list', children: [{ type: 'paragraph', children: [{ text: 'x' }] }] },
      { type: 'list-item', children: [{ text: 'loose' }] },
    ] as Descendant[];
    Editor.normalize(editor, { force: true });
    expect(html(editor)).toBe('<ul><li>x</li></ul><p>loose</p>');
  });
});

/** Types text at the cursor as a keyboard would: one character at a time. */
const type = (editor: Editor, text: string) => {
  for (const char of text) editor.insertText(char);
};

describe('checklists in the editor', () => {
  it('turns the selected lines into a checklist from the toolbar command, and back', () => {
    const editor = editorWith('<p>Milk</p><ul><li>Eggs</li></ul>');
    selectAll(editor);
    toggleChecklist(editor);
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="false">Milk</li><li data-checked="false">Eggs</li></ul>',
    );
    expect(isChecklistActive(editor)).toBe(true);
    toggleChecklist(editor);
    expect(html(editor)).toBe('<p>Milk</p><p>Eggs</p>');
    expect(isChecklistActive(editor)).toBe(false);
    expect(editor.children.every((node) => !('checked' in node))).toBe(true);
  });

  it('turns one item of the middle back into a paragraph, splitting the checklist', () => {
    const editor = editorWith(
      '<ul data-checklist><li data-checked="true">a</li><li data-checked="false">b</li><li data-checked="true">c</li></ul>',
    );
    Transforms.select(editor, { path: [0, 1, 0], offset: 0 });
    toggleChecklist(editor);
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="true">a</li></ul><p>b</p><ul data-checklist><li data-checked="true">c</li></ul>',
    );
  });

  it('switches a checklist to a bulleted list and a heading', () => {
    const editor = editorWith('<ul data-checklist><li data-checked="true">a</li></ul>');
    selectAll(editor);
    toggleList(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>a</li></ul>');
    toggleChecklist(editor);
    setBlockType(editor, 'heading-two');
    expect(html(editor)).toBe('<h2>a</h2>');
  });

  it.each([
    ['[ ] ', 'false'],
    ['[] ', 'false'],
    ['[x] ', 'true'],
    ['[X] ', 'true'],
  ])('makes a line typed as %j a checklist item (ticked: %s)', (marker, checked) => {
    const editor = editorWith('<p></p>');
    Transforms.select(editor, Editor.start(editor, []));
    type(editor, `${marker}Milk`);
    expect(html(editor)).toBe(`<ul data-checklist><li data-checked="${checked}">Milk</li></ul>`);
  });

  it('joins a line made an item to the checklists beside it', () => {
    const editor = editorWith(
      '<ul data-checklist><li data-checked="true">a</li></ul><p>b</p><ul data-checklist><li data-checked="false">c</li></ul>',
    );
    Transforms.select(editor, { path: [1, 0], offset: 0 });
    type(editor, '[ ] ');
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="true">a</li><li data-checked="false">b</li><li data-checked="false">c</li></ul>',
    );
  });

  it('leaves "[ ]" alone anywhere but at the start of a paragraph, and in other blocks', () => {
    const editor = editorWith('<p>x</p>');
    Transforms.select(editor, Editor.end(editor, []));
    type(editor, ' [ ] y');
    expect(html(editor)).toBe('<p>x [ ] y</p>');
    const heading = editorWith('<h1></h1>');
    Transforms.select(heading, Editor.start(heading, []));
    type(heading, '[ ] y');
    expect(html(heading)).toBe('<h1>[ ] y</h1>');
  });

  it('adds an open item with Enter, even after a ticked one, and leaves on an empty item', () => {
    const editor = editorWith('<ul data-checklist><li data-checked="true">Milk</li></ul>');
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    type(editor, 'Eggs');
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul>',
    );
    editor.insertBreak();
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li><li data-checked="false"></li></ul>',
    );
    editor.insertBreak();
    type(editor, 'after');
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li></ul><p>after</p>',
    );
  });

  it('keeps a ticked item ticked when Enter at its start opens an item above it', () => {
    const editor = editorWith('<ul data-checklist><li data-checked="true">Milk</li></ul>');
    Transforms.select(editor, Editor.start(editor, []));
    editor.insertBreak();
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="false"></li><li data-checked="true">Milk</li></ul>',
    );
  });

  it('leaves the checklist with Backspace at the start of an item', () => {
    const editor = editorWith(
      '<ul data-checklist><li data-checked="true">a</li><li data-checked="false"></li></ul>',
    );
    Transforms.select(editor, Editor.end(editor, []));
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<ul data-checklist><li data-checked="true">a</li></ul><p></p>');
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<ul data-checklist><li data-checked="true">a</li></ul>');
    Transforms.select(editor, Editor.start(editor, []));
    editor.deleteBackward('character');
    expect(html(editor)).toBe('<p>a</p>');
  });

  it('undoes a typed "[ ] " in one step, back to the text typed', () => {
    const editor = editorWith('<p></p>');
    Transforms.select(editor, Editor.start(editor, []));
    type(editor, '[ ] ');
    expect(html(editor)).toBe('<ul data-checklist><li data-checked="false"></li></ul>');
    editor.undo();
    expect(html(editor)).toBe('<p>[ ]&nbsp;</p>');
    editor.redo();
    expect(html(editor)).toBe('<ul data-checklist><li data-checked="false"></li></ul>');
  });

  it('repairs checklist structure during normalisation', () => {
    const editor = createRichEditor();
    editor.children = [
      {
        type: 'checklist',
        children: [
          { type: 'paragraph', children: [{ text: 'p' }] },
          {
            type: 'bulleted-list',
            children: [{ type: 'list-item', children: [{ text: 'li' }] }],
          },
        ],
      },
      { type: 'check-item', checked: true, children: [{ text: 'loose' }] },
      { type: 'checklist', children: [] },
    ] as unknown as Descendant[];
    Editor.normalize(editor, { force: true });
    expect(html(editor)).toBe(
      '<ul data-checklist><li data-checked="false">p</li><li data-checked="false">li</li></ul><p>loose</p>',
    );
    expect(editor.children[1]).toEqual({ type: 'paragraph', children: [{ text: 'loose' }] });
  });
});
