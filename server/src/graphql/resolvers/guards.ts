import { invalidToken } from '../../errors';
import type { Authenticated, PublicUser } from '../../services/users';
import type { GraphQLContext } from '../context';

/** The signed-in user, or the reason there is none. */
export function requireUser(ctx: GraphQLContext): PublicUser {
  if (ctx.user) return ctx.user;
  throw ctx.authError ?? invalidToken();
}

/** How the signed-in user was authenticated, or the reason there is none. */
export function requireAuth(ctx: GraphQLContext): Authenticated {
  if (ctx.auth) return ctx.auth;
  throw ctx.authError ?? invalidToken();
}
