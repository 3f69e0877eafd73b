import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ThemeProvider, useTheme } from '../features/theme/hooks/theme-context';
import { createApolloClient } from '../lib/apollo-client';
import { earlyFirstPageLink } from '../features/notes/api/early-first-page-link';
import { AppRoutes } from './router';

const client = createApolloClient([earlyFirstPageLink]);

function Toasts() {
  const { theme } = useTheme();
  return (
    <ToastContainer
      position="top-right"
      autoClose={1500}
      newestOnTop
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      draggable
      theme={theme}
      style={{ top: '5rem' }}
    />
  );
}

/** The whole app: Apollo, theme, toasts and the router. */
export function App() {
  return (
    <ApolloProvider client={client}>
      <ThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toasts />
      </ThemeProvider>
    </ApolloProvider>
  );
}
