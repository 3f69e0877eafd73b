import type { AuthLimiter } from '../auth/rate-limit';
import type { Services } from '../services';
import type { PublicUser } from '../services/users';

/** What every resolver gets: the services, the caller (if signed in) and why not (if refused). */
export interface GraphQLContext {
  services: Services;
  /** The signed-in user, looked up for this request. */
  user: PublicUser | null;
  /** Set when a token was sent but refused: resolvers that need a user report it. */
  authError: Error | null;
  /** The client's address, for rate limits. */
  ip: string;
  authLimiter: AuthLimiter;
}
