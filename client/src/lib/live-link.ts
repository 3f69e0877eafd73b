import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { setConnectionStatus } from './connection-status';
import { emitSessionExpired } from './session-events';
import { readToken } from './storage';

/** The close code the server uses for a token it no longer accepts (logout, expiry). */
const TOKEN_REFUSED = 4401;

/**
 * Subscriptions over a WebSocket to `/graphql` (the graphql-ws protocol), signed in with the
 * stored token. The socket opens with the first subscription and closes after the last. It does
 * not retry by itself: whoever subscribes resubscribes, from where it had got to.
 */
export function createLiveLink(): GraphQLWsLink {
  const client = createClient({
    url: () =>
      `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    connectionParams: () => ({ authorization: `Bearer ${readToken()}` }),
    retryAttempts: 0,
    // A ping every 15 s: a dead connection (a laptop waking up) is noticed within seconds.
    keepAlive: 15_000,
    on: {
      connected: () => setConnectionStatus('online'),
      closed: (event) => {
        if ((event as CloseEvent | undefined)?.code === TOKEN_REFUSED && readToken()) {
          emitSessionExpired();
        }
      },
    },
  });
  return new GraphQLWsLink(client);
}
