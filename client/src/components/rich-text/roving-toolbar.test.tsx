import { fireEvent, render, screen } from '@testing-library/react';
import { RichTextEditor } from './rich-text-editor';

/**
 * The toolbar is one tab stop (a WAI-ARIA toolbar with a roving tab index), after the text in
 * the tab order, so Tab from a title reaches the text first (issue 38).
 */
describe('the formatting toolbar', () => {
  const tabbable = (toolbar: HTMLElement) =>
    Array.from(toolbar.querySelectorAll<HTMLElement>('button, select')).filter(
      (control) => control.tabIndex === 0,
    );

  it('is one tab stop, after the text, and the arrows, Home and End move along it', () => {
    render(<RichTextEditor initialHtml="<p>hi</p>" onChange={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const body = screen.getByRole('textbox', { name: 'Note body' });
    // After the text in the document's order (shown above it by CSS).
    expect(body.compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Undo and Redo are disabled with no history: the first usable control is the stop.
    const [first] = tabbable(toolbar);
    expect(tabbable(toolbar)).toHaveLength(1);
    expect(first).toHaveAccessibleName('Block format');
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    expect(tabbable(toolbar)).toEqual([screen.getByRole('button', { name: 'Bold' })]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveFocus();
    // A menu's own controls are not part of the roving: only its trigger.
    expect(tabbable(toolbar)).toHaveLength(1);
  });
});
