import { useState } from 'react';
import type { CSSProperties } from 'react';
import { CARD_IMAGE_LIMIT } from './card-images';
import type { CardImage } from './card-images';
import { ImageLightbox } from './image-lightbox';
import './card-photos.css';

/** The first thumbnail's shape: the note's own size for it when it gives one, kept sensible. */
function leadShape(image: CardImage): CSSProperties | undefined {
  if (!image.width || !image.height) return undefined;
  const ratio = Math.min(2.5, Math.max(0.6, image.width / image.height));
  return { aspectRatio: String(ratio) };
}

/**
 * A note's uploaded images at the top of its card, as Keep shows them: the thumbnails, the
 * first large and the next two small, "+N" on the last when there are more. Each tile has its
 * shape before its image arrives (the masonry grid measures the card once). A click opens the
 * image full size in the lightbox; the card's own click does not follow (it is a button).
 */
export function CardPhotos({ images }: { images: CardImage[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = images.slice(0, CARD_IMAGE_LIMIT);
  const more = images.length - shown.length;

  return (
    <>
      <div className={`card-photos card-photos--${shown.length}`}>
        {shown.map((image, index) => {
          const last = index === shown.length - 1 && more > 0;
          const name = `Open image ${index + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`;
          return (
            <button
              key={`${image.id}-${index}`}
              type="button"
              className="card-photos__tile"
              style={index === 0 ? leadShape(image) : undefined}
              aria-label={last ? `${name} (${more} more)` : name}
              onClick={() => setOpen(index)}
            >
              <img src={image.thumb} alt={image.alt} loading="lazy" decoding="async" />
              {last && (
                <span className="card-photos__more" aria-hidden>
                  +{more}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {open !== null && (
        <ImageLightbox images={images} start={open} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
