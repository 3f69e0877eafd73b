import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { onToastifyLoad } from '../lib/toast';

/**
 * The toast container, mounted with the first toast (which waits in react-toastify's queue until
 * then): a page that shows no toast runs none of its code. Its file is loaded by hand rather than
 * through `lazy`: React holds back what a Suspense boundary reveals by up to 300 ms, and the
 * first toast would wait that long.
 */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Container) return;
    let active = true;
    const stop = onToastifyLoad(() => {
      void import('./toast-container').then(
        ({ default: loaded }) => {
          if (active) setContainer(() => loaded);
        },
        (error: unknown) => console.error('Toasts could not be loaded:', error),
      );
    });
    return () => {
      active = false;
      stop();
    };
  }, [Container]);
  return Container ? <Container /> : null;
}
