import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RichTextEditor } from './lazy-rich-text-editor';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
    configurable: true,
    get(this: HTMLElement) {
      return this.closest('[contenteditable="true"]') !== null;
    },
  });
});

afterAll(() => {
  delete (HTMLElement.prototype as { isContentEditable?: boolean }).isContentEditable;
});

describe('RichTextEditor (lazy)', () => {
  it('shows a same-layout placeholder first, then the real editor', async () => {
    render(
      <RichTextEditor
        initialHtml="<p>hello</p>"
        onChange={() => undefined}
        ariaLabel="Note body"
      />,
    );
    const placeholder = screen.getByRole('textbox', { name: 'Text editor (loading)' });
    expect(placeholder.closest('.rt-editor')?.querySelector('.rt-toolbar')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Note body' })).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Note body' })).toHaveTextContent('hello');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Text editor (loading)' })).toBeNull();
  });

  it('keeps what was typed into the placeholder and hands it to the editor', async () => {
    const onChange = jest.fn<void, [string, string]>();
    render(<RichTextEditor initialHtml="" onChange={onChange} ariaLabel="Note body" />);
    const placeholder = screen.getByRole('textbox', { name: 'Text editor (loading)' });
    fireEvent.focus(placeholder);
    for (const key of 'Hix') fireEvent.keyDown(placeholder, { key });
    fireEvent.keyDown(placeholder, { key: 'Backspace' });
    expect(placeholder).toHaveTextContent('Hi');
    const box = await screen.findByRole('textbox', { name: 'Note body' });
    await waitFor(() => expect(box).toHaveTextContent('Hi'));
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi</p>', 'Hi');
  });
});
