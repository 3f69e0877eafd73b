import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { appRoutes } from '../app/router';
import { noteTypePolicies } from '../features/notes/cache/note-cache';
import { createApolloClient } from '../lib/apollo-client';
import type { CachePersistence } from '../lib/cache-persistence';
import { createOutbox, type OutboxStorage } from '../features/notes/sync/outbox';
import { memoryOutboxStorage } from './outbox';
import { outboxFeedback } from '../features/notes/hooks/run-note-action';
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

interface RenderOptions {
  user?: StoredUser;
  persistence?: CachePersistence;
  /** Where the outbox keeps changes made offline (a fresh in-memory one by default). */
  outboxStorage?: OutboxStorage;
}

/**
 * Renders the whole app at `path`, signed in (as `user`, Ada by default), talking to `server`,
 * with the cache saved through `persistence` when given (none by default) and an outbox for the
 * changes made while the server cannot be reached. Returns the client beside the render.
 */
export function renderApp(
  path: string,
  server: FakeServer,
  { user = testUser, persistence, outboxStorage = memoryOutboxStorage() }: RenderOptions = {},
) {
  writeAuth('test-token', user);
  const client = createApolloClient(server.link, noteTypePolicies, persistence);
  const outbox = createOutbox(client, outboxStorage, outboxFeedback);
  const router = createMemoryRouter(appRoutes(client, persistence), { initialEntries: [path] });
  const rendered = render(
    <AppProviders client={client} persistence={persistence} outbox={outbox}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return Object.assign(rendered, { client, outbox });
}
