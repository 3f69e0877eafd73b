import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { appRoutes } from '../app/router';
import { noteTypePolicies } from '../features/notes/api/note-cache';
import { createApolloClient } from '../lib/apollo-client';
import type { CachePersistence } from '../lib/cache-persistence';
import { writeAuth, type StoredUser } from '../lib/storage';
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

/**
 * Renders the whole app at `path`, signed in (as `user`, Ada by default), talking to `server`,
 * with the cache saved through `persistence` when given (none by default).
 */
export function renderApp(
  path: string,
  server: FakeServer,
  { user = testUser, persistence }: { user?: StoredUser; persistence?: CachePersistence } = {},
) {
  writeAuth('test-token', user);
  const client = createApolloClient(server.link, noteTypePolicies, persistence);
  const router = createMemoryRouter(appRoutes(client, persistence), { initialEntries: [path] });
  return render(
    <AppProviders client={client} persistence={persistence}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
