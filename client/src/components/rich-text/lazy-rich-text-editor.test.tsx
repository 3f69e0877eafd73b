import { fireEvent, render, screen } from '@testing-library/react';
import { RichTextEditor as LazyEditor, TOOLBAR_SHAPE } from './lazy-rich-text-editor';
import { RichTextEditor } from './rich-text-editor';

/** Each toolbar group as the stand-in describes it: a number of buttons, or the select. */
const shapeOf = (toolbar: Element) =>
  [...toolbar.querySelectorAll(':scope > .rt-group')].map((group) =>
    group.querySelector('.rt-select') ? 'select' : group.children.length,
  );

describe('the lazily loaded editor', () => {
  it('draws a stand-in with the real toolbar’s shape, which takes no input', () => {
    const { container, unmount } = render(
      <LazyEditor initialHtml="<p>hi</p>" onChange={() => undefined} />,
    );
    expect(screen.getByRole('status', { name: 'Loading the editor' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(shapeOf(container.querySelector('.rt-toolbar')!)).toEqual(TOOLBAR_SHAPE);
    unmount();
    const real = render(<RichTextEditor initialHtml="<p>hi</p>" onChange={() => undefined} />);
    expect(shapeOf(real.getByRole('toolbar', { name: 'Formatting' }))).toEqual(TOOLBAR_SHAPE);
  });

  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  /** A browser that is never idle, or idle at once. */
  function idle(never: boolean) {
    window.requestIdleCallback = (callback) =>
      never ? 0 : window.setTimeout(() => callback({} as IdleDeadline), 0);
    window.cancelIdleCallback = (id) => window.clearTimeout(id);
  }

  it('loads the editor when the user presses on the stand-in (focused, in a browser)', async () => {
    idle(true);
    render(<LazyEditor initialHtml="<p>hi</p>" onChange={() => undefined} ariaLabel="Note body" />);
    fireEvent.pointerDown(screen.getByRole('status', { name: 'Loading the editor' }));
    expect(await screen.findByRole('textbox', { name: 'Note body' })).toHaveTextContent('hi');
  });

  it('loads the editor by itself once the browser is idle', async () => {
    idle(false);
    render(<LazyEditor initialHtml="" onChange={() => undefined} ariaLabel="Note body" />);
    expect(await screen.findByRole('textbox', { name: 'Note body' })).toBeInTheDocument();
  });
});
