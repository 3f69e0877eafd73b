import { render, screen } from '@testing-library/react';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('PageErrorBoundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows its page while nothing fails', () => {
    render(
      <PageErrorBoundary resetKey="/home">
        <p>Notes</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Notes')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a reload in place of a page that throws, and logs why', () => {
    render(
      <PageErrorBoundary resetKey="/home">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This Page Could Not Be Shown');
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(
      'A page failed to show:',
      expect.objectContaining({ message: 'chunk failed to load' }),
      expect.any(String),
    );
  });

  it('starts afresh on another page', () => {
    const { rerender } = render(
      <PageErrorBoundary resetKey="/home">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <PageErrorBoundary resetKey="/trash">
        <p>Trash</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Trash')).toBeTruthy();
  });
});
