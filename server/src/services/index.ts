import type { TokenService } from '../auth/tokens';
import type { Store } from '../store';
import { callerService, type CallerService } from './caller';
import { exportService, type ExportService } from './files/export';
import { importService, type ImportService } from './files/import';
import { labelsService, type LabelsService } from './labels';
import { noteEventsService, type NoteEventsOptions, type NoteEventsService } from './note-events';
import { notesService, type NotesService } from './notes';
import { usersService, type UsersService, type UsersServiceOptions } from './users';

/** Every service, built once per app over one store. */
export interface Services {
  users: UsersService;
  notes: NotesService;
  labels: LabelsService;
  noteEvents: NoteEventsService;
  caller: CallerService;
  importer: ImportService;
  exporter: ExportService;
}

export interface ServicesOptions extends UsersServiceOptions {
  noteEvents: NoteEventsOptions;
}

/** The services over `store`, signing tokens with `tokens`. */
export function createServices(
  store: Store,
  tokens: TokenService,
  options: ServicesOptions,
): Services {
  const users = usersService(store, tokens, options);
  return {
    users,
    notes: notesService(store),
    labels: labelsService(store),
    noteEvents: noteEventsService(store, options.noteEvents),
    caller: callerService(users),
    importer: importService(store),
    exporter: exportService(store),
  };
}
