import crypto from 'node:crypto';

import { oidcStateSealer } from '../auth/oidc-state';
import os from 'node:os';
import path from 'node:path';

import type { TokenService } from '../auth/tokens';
import type { Store } from '../store';
import { adminService, type AdminOptions, type AdminService } from './admin';
import {
  attachmentsService,
  type AttachmentsOptions,
  type AttachmentsServiceImpl,
} from './attachments';
import { callerService, type CallerService } from './caller';
import { exportService, type ExportService } from './files/export';
import { importService, type ImportService } from './files/import';
import { invitesService, type InvitesOptions, type InvitesService } from './invites';
import { labelsService, type LabelsService } from './labels';
import { noteEventsService, type NoteEventsOptions, type NoteEventsService } from './note-events';
import type { Clock } from './clock';
import { notesService, type NotesService } from './notes';
import { oidcService, type OidcService, type OidcServiceOptions } from './oidc';
import { passkeysService, type PasskeysService } from './passkeys';
import { remindersService, type RemindersOptions, type RemindersService } from './reminders';
import { retentionService, type RetentionOptions, type RetentionService } from './retention';
import { twoFactorService, type TwoFactorService } from './two-factor';
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
  oidc: OidcService;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  admin: AdminService;
  invites: InvitesService;
  reminders: RemindersService;
  /** Attachments (issue 40): uploads, who may read them, usage, collection. */
  attachments: AttachmentsServiceImpl;
}

export interface ServicesOptions extends UsersServiceOptions, AdminOptions {
  publicUrl?: InvitesOptions['publicUrl'];
  noteEvents: NoteEventsOptions;
  retention: Omit<RetentionOptions, 'clock'>;
  /** Where the notes and the retention job read the time; tests inject theirs. */
  clock?: Clock;
  /** Single sign-on (its routes answer 404 when this is absent or not configured). */
  oidc?: Omit<OidcServiceOptions, 'passwordLogin' | 'allowSignup'>;
  /** Reminders: where VAPID keys are kept, SMTP, PUBLIC_URL… (none: a temporary folder's keys). */
  reminders?: Omit<RemindersOptions, 'clock'>;
  /** Attachments' limits and where their bytes go (none: 20 MB files, 1 GB each, in the database). */
  attachments?: Omit<AttachmentsOptions, 'clock'>;
}

/** The services over `store`, signing tokens with `tokens`. */
export function createServices(
  store: Store,
  tokens: TokenService,
  options: ServicesOptions,
): Services {
  const twoFactor = twoFactorService(store, { clock: options.clock });
  const users = usersService(store, tokens, options, twoFactor);
  const attachments = attachmentsService(store, {
    maxBytes: 20 * 1024 * 1024,
    quotaBytes: 1024 * 1024 * 1024,
    ...options.attachments,
    clock: options.clock,
  });
  return {
    users,
    notes: notesService(store, {
      clock: options.clock,
      removeAttachmentFiles: attachments.removeFiles,
    }),
    labels: labelsService(store),
    noteEvents: noteEventsService(store, options.noteEvents),
    retention: retentionService(store, {
      ...options.retention,
      clock: options.clock,
      attachments,
    }),
    caller: callerService(users),
    importer: importService(store),
    exporter: exportService(store),
    oidc: oidcService(store, users, {
      config: options.oidc?.config,
      publicUrl: options.oidc?.publicUrl,
      sealer: options.oidc?.sealer ?? oidcStateSealer(crypto.randomBytes(32).toString('hex')),
      passwordLogin: options.passwordLogin !== false,
      allowSignup: options.allowSignup,
    }),
    twoFactor,
    passkeys: passkeysService(store),
    admin: adminService(store, users, options),
    invites: invitesService(store, { publicUrl: options.publicUrl, clock: options.clock }),
    reminders: remindersService(store, {
      dataDir: path.join(os.tmpdir(), 'jotter-vapid'),
      ...options.reminders,
      clock: options.clock,
    }),
    attachments,
  };
}
