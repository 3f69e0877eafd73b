import type { TokenService } from '../auth/tokens';
import type { Store } from '../store';
import { callerService, type CallerService } from './caller';
import { notesService, type NotesService } from './notes';
import { usersService, type UsersService, type UsersServiceOptions } from './users';

/** Every service, built once per app over one store. */
export interface Services {
  users: UsersService;
  notes: NotesService;
  caller: CallerService;
}

/** The services over `store`, signing tokens with `tokens`. */
export function createServices(
  store: Store,
  tokens: TokenService,
  options: UsersServiceOptions,
): Services {
  const users = usersService(store, tokens, options);
  return { users, notes: notesService(store), caller: callerService(users) };
}
