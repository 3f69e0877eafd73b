import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastifyLoad } from '../lib/toast';

const Container = lazy(() => import('./toast-container'));

/**
 * The toast container, mounted with the first toast (which waits in react-toastify's queue until
 * then): a visit that shows no toast runs none of its code.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : onToastifyLoad(() => setWanted(true))), [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
