import { Suspense, lazy, useEffect, useState } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { createApolloClient } from '../lib/apollo-client';
import { loadToastify, onToastifyLoad } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';
import { earlyAnswerLink } from '../features/notes/api/early-answer-link';
import { AppRoutes } from './router';

const client = createApolloClient([earlyAnswerLink]);

const Toasts = lazy(() => import('../components/toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toast container, mounted once react-toastify loads: when the browser is first idle, or
 * with the first toast if that comes sooner (toasts raised meanwhile wait in its queue).
 */
function LazyToasts() {
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
      <Toasts />
    </Suspense>
  ) : null;
}

/** The whole app: Apollo, theme, toasts and the router. */
export function App() {
  return (
    <ApolloProvider client={client}>
      <ThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <LazyToasts />
      </ThemeProvider>
    </ApolloProvider>
  );
}
