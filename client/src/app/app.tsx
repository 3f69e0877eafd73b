import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { noteTypePolicies } from '../features/notes/api/note-cache';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { createApolloClient, serverLink } from '../lib/apollo-client';
import { createLiveLink } from '../lib/live-link';
import { appRoutes } from './router';
import { Toasts } from './toasts';

/** Everything around the router: Apollo, the theme and the toasts. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ThemeProvider>
        {children}
        <Toasts />
      </ThemeProvider>
    </ApolloProvider>
  );
}

const client = createApolloClient(serverLink(createLiveLink()), noteTypePolicies);
const router = createBrowserRouter(appRoutes(client));

/** The whole app. */
export function App() {
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
