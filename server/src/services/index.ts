import type { TokenService } from '../auth/tokens';
import type { Store } from '../store/database';
import { notesService, type NotesService } from './notes';
import { usersService, type UsersService, type UsersServiceOptions } from './users';

/** Every service, built once per app over one store. */
export interface Services {
  users: UsersService;
  notes: NotesService;
}

export function createServices(
  store: Store,
  tokens: TokenService,
  options: UsersServiceOptions,
): Services {
  return { users: usersService(store, tokens, options), notes: notesService(store) };
}
