import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { IconButton } from '../../../components/icon-button';
import { Modal } from '../../../components/modal';
import type { CardImage } from './card-images';
import './card-photos.css';

interface ImageLightboxProps {
  images: CardImage[];
  /** The image shown first. */
  start: number;
  onClose: () => void;
}

/**
 * A note's images full size (the originals), one at a time, in a modal dialog (focus trapped,
 * Esc closes): the arrow keys and the buttons beside the image go to the previous and next one,
 * round the ends; a Download link; the image's alt text under it. Fills the screen on a phone.
 */
export function ImageLightbox({ images, start, onClose }: ImageLightboxProps) {
  const [index, setIndex] = useState(start);
  const count = images.length;
  const image = images[index] ?? images[0];
  const step = (by: number) => setIndex((current) => (current + by + count) % count);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      if (by === 0) return;
      event.preventDefault();
      setIndex((current) => (current + by + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  if (!image) return null;
  const position = `Image ${index + 1} of ${count}`;
  return (
    <Modal label={position} onClose={onClose}>
      <figure className="lightbox">
        <div className="lightbox__bar">
          <IconButton label="Close" icon={<X size={20} aria-hidden />} onClick={onClose} />
          <span className="lightbox__position" aria-live="polite">
            {position}
          </span>
          <a className="button button--secondary lightbox__download" href={image.src} download>
            <Download size={18} aria-hidden /> Download
          </a>
        </div>
        <div className="lightbox__stage">
          <img key={image.id} className="lightbox__image" src={image.src} alt={image.alt} />
          {count > 1 && (
            <>
              <IconButton
                className="lightbox__step lightbox__step--previous"
                label="Previous image"
                icon={<ChevronLeft size={24} aria-hidden />}
                onClick={() => step(-1)}
              />
              <IconButton
                className="lightbox__step lightbox__step--next"
                label="Next image"
                icon={<ChevronRight size={24} aria-hidden />}
                onClick={() => step(1)}
              />
            </>
          )}
        </div>
        {image.alt && <figcaption className="lightbox__caption">{image.alt}</figcaption>}
      </figure>
    </Modal>
  );
}
