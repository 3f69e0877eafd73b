import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { setConnectionStatus, setServerReachable } from './connection-status';
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
      connected: () => {
        setServerReachable(true);
        setConnectionStatus('online');
      },
      closed: (event) => {
        if ((event as CloseEvent | undefined)?.code === TOKEN_REFUSED && readToken()) {
          emitSessionExpired();
        }
      },
    },
  });
  // A socket can outlive a short outage and never say whether it is still up: once the browser
  // reports the network gone, it is dropped (graphql-ws's `terminate`), so the subscribers
  // resubscribe on a fresh socket when the network is back, and the badge learns it is up.
  window.addEventListener('offline', () => client.terminate());
  return new GraphQLWsLink(client);
}
