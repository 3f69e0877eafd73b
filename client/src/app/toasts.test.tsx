import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';

/**
 * The toast container's code runs only once a toast is raised: a page that shows none never
 * loads or mounts it, however long it stays open, and the first toast, raised before the
 * container exists, is shown once it has mounted.
 */
it('mounts no toast container until the first toast, then shows that toast', async () => {
  jest.useFakeTimers();
  render(
    <ThemeProvider>
      <Toasts />
    </ThemeProvider>,
  );
  // A minute of a page left open: its idle callbacks and timers all come due.
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(document.querySelector('.Toastify, .Toastify__toast-container')).toBeNull();
  jest.useRealTimers();

  act(() => toast.success('Note Added'));
  expect(await screen.findByText('Note Added')).toBeVisible();
  expect(document.querySelector('.Toastify__toast-container')).not.toBeNull();
});
