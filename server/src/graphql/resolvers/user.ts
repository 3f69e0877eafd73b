import type { UserResolvers } from '../generated/resolvers-types';

export const User: UserResolvers = {
  isAdmin: (user, _args, ctx) => ctx.services.admin.isAdmin(user),
};
