import { Suspense, lazy, useEffect, useState } from 'react';
import { loadToastify, onToastifyLoad } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';

const Container = lazy(() => import('./toast-container'));

/**
 * The toast container, mounted once react-toastify loads: when the browser is first idle, or
 * with the first toast if that comes sooner (toasts raised meanwhile wait in its queue).
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const stop = onToastifyLoad(() => setWanted(true));
    const cancel = whenIdle(() => void loadToastify());
    return () => {
      stop();
      cancel();
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
