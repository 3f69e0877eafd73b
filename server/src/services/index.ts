import os from 'node:os';
import path from 'node:path';

import type { TokenService } from '../auth/tokens';
import type { Store } from '../store';
import { callerService, type CallerService } from './caller';
import { exportService, type ExportService } from './files/export';
import { importService, type ImportService } from './files/import';
import { labelsService, type LabelsService } from './labels';
import { noteEventsService, type NoteEventsOptions, type NoteEventsService } from './note-events';
import type { Clock } from './clock';
import { notesService, type NotesService } from './notes';
import { remindersService, type RemindersOptions, type RemindersService } from './reminders';
import { retentionService, type RetentionOptions, type RetentionService } from './retention';
import { usersService, type UsersService, type UsersServiceOptions } from './users';

/** Every service, built once per app over one store. */
export interface Services {
  users: UsersService;
  notes: NotesService;
  labels: LabelsService;
  noteEvents: NoteEventsService;
  retention: RetentionService;
  caller: CallerService;
  importer: ImportService;
  exporter: ExportService;
  reminders: RemindersService;
}

export interface ServicesOptions extends UsersServiceOptions {
  noteEvents: NoteEventsOptions;
  retention: Omit<RetentionOptions, 'clock'>;
  /** Where the notes and the retention job read the time; tests inject theirs. */
  clock?: Clock;
  /** Reminders: where VAPID keys are kept, SMTP, PUBLIC_URL… (none: a temporary folder's keys). */
  reminders?: Omit<RemindersOptions, 'clock'>;
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
    notes: notesService(store, { clock: options.clock }),
    labels: labelsService(store),
    noteEvents: noteEventsService(store, options.noteEvents),
    retention: retentionService(store, { ...options.retention, clock: options.clock }),
    caller: callerService(users),
    importer: importService(store),
    exporter: exportService(store),
    reminders: remindersService(store, {
      dataDir: path.join(os.tmpdir(), 'jotter-vapid'),
      ...options.reminders,
      clock: options.clock,
    }),
  };
}
