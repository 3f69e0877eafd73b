import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { appRoutes } from '../app/router';
import { noteTypePolicies } from '../features/notes/api/note-cache';
import { createApolloClient } from '../lib/apollo-client';
import { writeAuth } from '../lib/storage';
import type { FakeServer } from './fake-server';

/** A signed-in user, as the client keeps one. */
export const testUser = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

/** Renders the whole app at `path`, signed in, talking to `server`. */
export function renderApp(path: string, server: FakeServer) {
  writeAuth('test-token', testUser);
  const client = createApolloClient(server.link, noteTypePolicies);
  const router = createMemoryRouter(appRoutes(client), { initialEntries: [path] });
  return render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
