import { fireEvent, render, screen } from '@testing-library/react';
import { CardPhotos } from './card-photos';
import type { CardImage } from './card-images';

const image = (id: string, alt: string): CardImage => ({
  id,
  src: `/api/attachments/${id}`,
  thumb: `/api/attachments/${id}?size=thumb`,
  alt,
});
const FOUR = [image('a', 'Receipt'), image('b', ''), image('c', 'Label'), image('d', 'Map')];

describe('CardPhotos', () => {
  it('shows three thumbnails, lazily, and says how many more there are', () => {
    const { container } = render(<CardPhotos images={FOUR} />);
    const thumbnails = Array.from(container.querySelectorAll('img'));
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual([
      '/api/attachments/a?size=thumb',
      '/api/attachments/b?size=thumb',
      '/api/attachments/c?size=thumb',
    ]);
    expect(thumbnails.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Open image 3 of 4: Label (1 more)' }),
    ).toHaveTextContent('+1');
    expect(screen.getByRole('button', { name: 'Open image 2 of 4' })).toBeInTheDocument();
  });

  it('opens the lightbox at the photo clicked; arrows go round the ends; Esc closes it', () => {
    render(<CardPhotos images={FOUR} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 4: Receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Image 1 of 4' });
    expect(dialog.querySelector('.lightbox__image')).toHaveAttribute('src', '/api/attachments/a');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download');
    expect(dialog).toHaveTextContent('Receipt');

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'Image 4 of 4' })).toHaveTextContent('Map');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/attachments/b',
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no arrows for a single photo', () => {
    render(<CardPhotos images={[image('a', 'Only')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 1: Only' }));
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });
});
