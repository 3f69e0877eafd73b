import { invalidToken } from '../../errors';
import type { PublicUser } from '../../services/users';
import type { GraphQLContext } from '../context';

/** The signed-in user, or the reason there is none. */
export function requireUser(ctx: GraphQLContext): PublicUser {
  if (ctx.user) return ctx.user;
  throw ctx.authError ?? invalidToken();
}
