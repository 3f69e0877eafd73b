import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ELEMENT_TO_NODE } from 'slate-dom';
import { ReactEditor } from 'slate-react';
import { RichTextEditor } from './rich-text-editor';
import { RichTextView } from './rich-text-view';

function setup(initialHtml = '<p>hello</p>') {
  const onChange = jest.fn<void, [string, string]>();
  const user = userEvent.setup();
  const view = render(
    <RichTextEditor initialHtml={initialHtml} onChange={onChange} resetKey={1} />,
  );
  return { onChange, user, ...view };
}

// jsdom has no isContentEditable, which slate-react needs to map a DOM selection into the editor.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
    configurable: true,
    get(this: HTMLElement) {
      return this.closest('[contenteditable="true"]') !== null;
    },
  });
});

afterEach(() => {
  window.getSelection()?.removeAllRanges();
});

afterAll(() => {
  delete (HTMLElement.prototype as { isContentEditable?: boolean }).isContentEditable;
});

/** Focuses the textbox and puts the DOM selection on its text; returns the textbox. */
function putSelection(text: string, start: number, end: number): HTMLElement {
  const textbox = screen.getByRole('textbox', { name: 'Note body' });
  // jsdom only focuses elements with a tabindex; browsers focus contenteditable ones anyway.
  textbox.setAttribute('tabindex', '0');
  const textNode = within(textbox).getByText(text).firstChild as Text;
  act(() => {
    textbox.focus();
    const range = document.createRange();
    range.setStart(textNode, start);
    range.setEnd(textNode, end);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
  return textbox;
}

/** The Slate editor behind the textbox. */
const editorOf = (textbox: HTMLElement) => ELEMENT_TO_NODE.get(textbox) as ReactEditor;

/**
 * Puts the DOM selection on the first paragraph's text and waits until slate-react has picked it
 * up (it reads the DOM selection in a throttled selectionchange handler).
 */
async function selectInTextbox(text: string, start: number, end: number) {
  const editor = editorOf(putSelection(text, start, end));
  await waitFor(() =>
    expect(editor.selection).toEqual({
      anchor: { path: [0, 0], offset: start },
      focus: { path: [0, 0], offset: end },
    }),
  );
}

const lastHtml = (onChange: jest.Mock<void, [string, string]>) => onChange.mock.calls.at(-1)?.[0];

describe('RichTextEditor', () => {
  it('renders the initial HTML in a labelled textbox with a labelled toolbar', () => {
    setup('<p><strong>bold</strong> text</p>');
    const textbox = screen.getByRole('textbox', { name: 'Note body' });
    expect(textbox).toHaveTextContent('bold text');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Undo',
      'Redo',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Text colour',
      'Background colour',
      'Alignment',
      'Numbered list',
      'Bulleted list',
      'Checklist',
      'Decrease indent',
      'Increase indent',
      'Emoticons',
      'Add image',
      'Keyboard shortcuts',
    ]) {
      const button = within(toolbar).getByRole('button', { name });
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toHaveAttribute('title');
    }
    expect(within(toolbar).getByRole('combobox', { name: 'Block format' })).toHaveValue(
      'paragraph',
    );
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the placeholder when empty', async () => {
    setup('');
    expect(await screen.findByText('Take a note…')).toBeInTheDocument();
  });

  it('reports HTML and text after toolbar actions, and undo reverts them', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(onChange).toHaveBeenLastCalledWith('<ol><li>hello</li></ol>', 'hello');
    expect(screen.getByRole('button', { name: 'Numbered list' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Block format' }), 'heading-one');
    expect(lastHtml(onChange)).toBe('<h1>hello</h1>');
    await user.click(screen.getByRole('button', { name: 'Alignment' }));
    await user.click(screen.getByRole('button', { name: 'Align center' }));
    expect(lastHtml(onChange)).toBe('<h1 style="text-align: center">hello</h1>');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lastHtml(onChange)).toBe('<h1>hello</h1>');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(lastHtml(onChange)).toBe('<h1 style="text-align: center">hello</h1>');
  });

  it('turns the line into a checklist from the toolbar, and ticks an item with its checkbox', async () => {
    const { onChange, user } = setup('<p>Milk</p>');
    await user.click(screen.getByRole('button', { name: 'Checklist' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<ul data-checklist><li data-checked="false">Milk</li></ul>',
      'Milk',
    );
    expect(screen.getByRole('button', { name: 'Checklist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const box = screen.getByRole('checkbox', { name: 'Milk' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(lastHtml(onChange)).toBe('<ul data-checklist><li data-checked="true">Milk</li></ul>');
    expect(screen.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Checklist' }));
    expect(lastHtml(onChange)).toBe('<p>Milk</p>');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('applies bold to selected text from the toolbar', async () => {
    const { onChange, user } = setup('<p>hello</p>');
    await selectInTextbox('hello', 0, 5);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(lastHtml(onChange)).toBe('<p><strong>hello</strong></p>');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('applies Ctrl+B and undoes with Ctrl+Z (typing itself is left to the browser check)', async () => {
    const { onChange } = setup('<p>Hi</p>');
    await selectInTextbox('Hi', 0, 2);
    const textbox = screen.getByRole('textbox', { name: 'Note body' });
    // Slate reports changes in a microtask, hence the async act.
    await act(() =>
      Promise.resolve(fireEvent.keyDown(textbox, { key: 'b', keyCode: 66, ctrlKey: true })),
    );
    expect(lastHtml(onChange)).toBe('<p><strong>Hi</strong></p>');
    await act(() =>
      Promise.resolve(fireEvent.keyDown(textbox, { key: 'z', keyCode: 90, ctrlKey: true })),
    );
    expect(lastHtml(onChange)).toBe('<p>Hi</p>');
  });

  it('inserts an emoji at the cursor', async () => {
    const { onChange, user } = setup();
    // The cursor after "hello" in the focused editor, as a user's would be, and Slate holding
    // both before acting: the editor, focused, keeps the focus after the insert at once.
    // (Unfocused, slate-react retries its focus in a timer, and that timer can come before React
    // has drawn the emoji on a busy machine: "Cannot resolve a DOM point from Slate point".)
    const editor = editorOf(putSelection('hello', 5, 5));
    const caretInFocusedEditor = () =>
      waitFor(() => {
        expect(ReactEditor.isFocused(editor)).toBe(true);
        expect(editor.selection).toEqual({
          anchor: { path: [0, 0], offset: 5 },
          focus: { path: [0, 0], offset: 5 },
        });
      });
    await caretInFocusedEditor();
    await user.click(screen.getByRole('button', { name: 'Emoticons' }));
    await caretInFocusedEditor();
    await user.click(screen.getByRole('button', { name: 'Insert party popper' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>hello🎉</p>', 'hello🎉');
    expect(screen.queryByRole('button', { name: 'Insert party popper' })).not.toBeInTheDocument();
  });

  it('sets a text colour from the palette', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    await user.click(screen.getByRole('button', { name: 'Red text colour' }));
    // With a collapsed cursor the colour applies to what is typed next, not to the content.
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Text colour' }));
    expect(screen.getByRole('button', { name: 'Red text colour' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('inserts an image by http(s) address and rejects other schemes', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add image' }));
    const address = screen.getByLabelText('Image address');
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByRole('alert')).toHaveTextContent('http:// or https://');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, 'https://example.com/cat.png');
    await user.type(screen.getByLabelText('Description (optional)'), 'A cat');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>hello<img src="https://example.com/cat.png" alt="A cat"></p>',
      'hello',
    );
    expect(screen.getByRole('img', { name: 'A cat' })).toBeInTheDocument();
  });

  it('lists the keyboard shortcuts', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const panel = screen.getByRole('group', { name: 'Keyboard shortcuts' });
    expect(panel).toHaveTextContent('Ctrl+B');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('resets its content and history when resetKey changes', async () => {
    const { onChange, user, rerender } = setup('<p>first</p>');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(lastHtml(onChange)).toBe('<ul><li>first</li></ul>');
    rerender(<RichTextEditor initialHtml="<p>second</p>" onChange={onChange} resetKey={2} />);
    expect(screen.getByRole('textbox', { name: 'Note body' })).toHaveTextContent('second');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    rerender(<RichTextEditor initialHtml="<p>ignored</p>" onChange={onChange} resetKey={2} />);
    expect(screen.getByRole('textbox', { name: 'Note body' })).toHaveTextContent('second');
  });
});

describe('RichTextView', () => {
  it('renders stored HTML as elements without injecting markup', () => {
    const { container } = render(
      <RichTextView
        html={
          '<h2>Title</h2><p><strong>b</strong> <img src="x" onerror="alert(1)">&lt;i&gt;</p><ol><li>a<ul><li>b</li></ul></li></ol>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('b');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container).toHaveTextContent('<i>');
    expect(container.querySelector('ol > li > ul > li')).toHaveTextContent('b');
  });
});

describe('RichTextView of a checklist', () => {
  const items = (list: HTMLElement) =>
    within(list)
      .getAllByRole('checkbox')
      .map(
        (box) =>
          `${(box as HTMLInputElement).checked ? 'x' : ' '} ${box.closest('li')?.textContent}`,
      );
  const stored = (states: [string, boolean][]) =>
    `<ul data-checklist>${states.map(([text, checked]) => `<li data-checked="${checked}">${text}</li>`).join('')}</ul>`;

  it('shows open items first and one ticked item below them, and says which box was pressed', async () => {
    const user = userEvent.setup();
    const onToggleItem = jest.fn();
    const { container } = render(
      <RichTextView
        html={`<p>Shop</p>${stored([
          ['Milk', true],
          ['Eggs', false],
          ['Tea', false],
        ])}`}
        onToggleItem={onToggleItem}
      />,
    );
    expect(items(container)).toEqual(['  Eggs', '  Tea', 'x Milk']);
    expect(screen.queryByRole('button', { name: /ticked items/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Milk' }));
    expect(onToggleItem).toHaveBeenLastCalledWith({ block: 1, item: 0 });
    await user.click(screen.getByText('Tea'));
    expect(onToggleItem).toHaveBeenLastCalledWith({ block: 1, item: 2 });
  });

  it('folds several ticked items into "N ticked items", which shows them', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <RichTextView
        html={stored([
          ['Milk', true],
          ['Eggs', false],
          ['Tea', true],
        ])}
        onToggleItem={() => undefined}
      />,
    );
    expect(items(container)).toEqual(['  Eggs']);
    const fold = screen.getByRole('button', { name: '2 ticked items' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(items(container)).toEqual(['  Eggs', 'x Milk', 'x Tea']);
    await user.click(fold);
    expect(items(container)).toEqual(['  Eggs']);
  });

  it('shows the boxes without letting them change when nothing can tick them', () => {
    render(<RichTextView html={stored([['Milk', true]])} />);
    expect(screen.getByRole('checkbox', { name: 'Milk' })).toBeDisabled();
  });
});
