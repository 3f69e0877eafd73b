import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { announce } from '../features/notes/hooks/run-note-action';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';

function renderToasts() {
  render(
    <ThemeProvider>
      <Toasts />
    </ThemeProvider>,
  );
}

/** The snackbars on screen: not one on its way out (in jsdom an exit never ends). */
const showing = () =>
  [...document.querySelectorAll('.Toastify__toast')].filter(
    (element) => !/-exit/.test(element.className),
  );

/**
 * Ends the exit animations under way, as a browser does (jsdom runs none), and waits until the
 * snackbars that left are gone.
 */
async function finishExits() {
  const leaving = '.Toastify__toast[class*="-exit"]';
  document.querySelectorAll(leaving).forEach((element) => fireEvent.animationEnd(element));
  await waitFor(() => expect(document.querySelector(leaving)).toBeNull());
}

/** The snackbar showing `text`, once there is exactly one snackbar and it says so. */
async function theSnackbar(text: string): Promise<Element> {
  await waitFor(() => {
    expect(showing()).toHaveLength(1);
    expect(showing()[0]).toHaveTextContent(text);
  });
  return showing()[0]!;
}

describe('Toasts', () => {
  it('shows a toast raised before the container mounts, and writes no stylesheet into the page', async () => {
    renderToasts();
    toast.success('Note Added');
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    // react-toastify's stylesheet is a file of the container's chunk (stubbed here); its default
    // entry would also write a copy into the page.
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('shows one snackbar at a time, at the bottom left: a newer message replaces the one showing', async () => {
    renderToasts();
    toast.success('Note Archived Successfully');
    await theSnackbar('Note Archived Successfully');
    toast.error('Failed To Update Note');
    const snackbar = await theSnackbar('Failed To Update Note');
    expect(snackbar).not.toHaveTextContent('Note Archived Successfully');
    expect(document.querySelector('.Toastify__toast-container--bottom-left')).toContainElement(
      snackbar as HTMLElement,
    );
  });

  it("says an action's messages together, each in an element of its own", async () => {
    renderToasts();
    toast.success(['Signup successful!', 'Login successful, Welcome Ada']);
    const snackbar = await theSnackbar('Signup successful!');
    expect(snackbar).toContainElement(screen.getByText('Signup successful!'));
    expect(snackbar).toContainElement(screen.getByText('Login successful, Welcome Ada'));
  });

  it('shows a message with an id once while it shows', async () => {
    renderToasts();
    toast.error('Please Login First', { toastId: 'auth' });
    await theSnackbar('Please Login First');
    toast.error('Please Login First', { toastId: 'auth' });
    await theSnackbar('Please Login First');
    expect(screen.getAllByText('Please Login First')).toHaveLength(1);
  });

  it('brings a message waiting for the user back once a newer one has gone', async () => {
    const user = userEvent.setup();
    renderToasts();
    toast.info('A new version of Jotter is ready', { toastId: 'update', autoClose: false });
    await theSnackbar('A new version of Jotter is ready');
    toast.success('Note Added');
    const added = await theSnackbar('Note Added');
    await finishExits();
    await user.click(added.querySelector('.Toastify__close-button')!);
    await theSnackbar('A new version of Jotter is ready');
    // Until the user answers it.
    await user.click(showing()[0]!.querySelector('.Toastify__close-button')!);
    await finishExits();
    toast.success('Note Edited');
    await theSnackbar('Note Edited');
    await finishExits();
    await user.click(showing()[0]!.querySelector('.Toastify__close-button')!);
    await waitFor(() => expect(showing()).toHaveLength(0));
  });

  it('keeps a message offering Undo 6 s, and others 1.5 s (the progress bar runs that long)', async () => {
    renderToasts();
    const undone = jest.fn(() => Promise.resolve('undone'));
    act(() => announce('Note Archived Successfully', { run: undone, messages: archived }));
    const withUndo = await theSnackbar('Note Archived Successfully');
    expect(withUndo.querySelector('.Toastify__progress-bar')).toHaveStyle({
      animationDuration: '6000ms',
    });
    act(() => announce('Note Edited'));
    const plain = await theSnackbar('Note Edited');
    expect(plain.querySelector('.Toastify__progress-bar')).toHaveStyle({
      animationDuration: '1500ms',
    });
  });
});

const archived = { success: 'Note Unarchived Successfully', failure: 'Failed To Update Note' };
