import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';

describe('Toasts', () => {
  it('shows a toast raised before the container mounts, and writes no stylesheet into the page', async () => {
    render(
      <ThemeProvider>
        <Toasts />
      </ThemeProvider>,
    );
    toast.success('Note Added');
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    // react-toastify's stylesheet is a file of the container's chunk (stubbed here); its default
    // entry would also write a copy into the page.
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });
});
