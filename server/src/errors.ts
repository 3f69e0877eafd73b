/** What kind of failure a service reports; each API maps it to its own status or code. */
export type ErrorKind =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VERSION_CONFLICT'
  | 'CURSOR_EXPIRED'
  | 'EMAIL_NOT_REGISTERED'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  /** An upload past a size limit or the quota (REST 413). */
  | 'TOO_LARGE'
  /** An upload of a type that is not taken (REST 415). */
  | 'UNSUPPORTED_TYPE';

/** A failure the caller can act on: its message is safe to show. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** The input field at fault, for BAD_USER_INPUT. */
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

/**
 * A write based on a version that is no longer the current one: nothing was changed, and
 * `current` is what is stored now, for the client to merge with or show. REST answers 409 with
 * it, GraphQL `CONFLICT` with it in `extensions.current`.
 */
export class VersionConflictError<T> extends AppError {
  constructor(
    message: string,
    readonly current: T,
  ) {
    super('VERSION_CONFLICT', message);
    this.name = 'VersionConflictError';
  }
}

/**
 * A sign-in whose password was right but which needs the account's second factor: REST answers
 * 401 with `twoFactorRequired: true` beside the errors, GraphQL `UNAUTHENTICATED` with
 * `extensions.twoFactorRequired`.
 */
export class TwoFactorRequiredError extends AppError {
  /** `codeGiven`: a code was sent and was wrong (a failed attempt), not merely missing. */
  constructor(readonly codeGiven = false) {
    super(
      'UNAUTHENTICATED',
      codeGiven
        ? 'That two-factor code is wrong or was already used. Try the current code.'
        : 'Two-factor code required',
    );
    this.name = 'TwoFactorRequiredError';
  }
}

/** The spec's messages, word for word. */
export const messages = {
  emailNotRegistered: 'The email you entered is not Registered. Not Found error',
  invalidCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  emailExists: 'Unprocessable Entity. Email Already Exists.',
  labelEmpty: "Label Name Can't Be Empty",
  /** A note with neither a title nor a body (a departure from the spec: a title alone is a note). */
  noteEmpty: 'Please Add Something In The Note',
  /** The spec writes "Exisits"; Jotter spells it right, as its client's toast does. */
  labelExists: (label: string) => `${label} Already Exists`,
} as const;

/** Why signup is refused when ALLOW_SIGNUP is off; the signup page shows it too. */
export const signupClosedMessage =
  'Signup is turned off on this server: only existing accounts can sign in. Ask the person who runs it for an account.';

/** Why a password login or signup is refused when PASSWORD_LOGIN is off. */
export const passwordLoginOffMessage =
  'Signing in with a password is turned off on this server: use single sign-on (or a passkey).';

export const badInput = (field: string, message: string) =>
  new AppError('BAD_USER_INPUT', `${field}: ${message}`, field);

/**
 * PostgreSQL's text cannot hold the NUL character and SQLite's string functions stop at it, so
 * no text Jotter stores holds one: a note's texts drop it (sanitize.ts); a name, a search or a
 * label filter holding one is refused by name; an id or an email holding one finds nothing.
 */
export const nulMessage = 'must not contain the NUL character (U+0000)';
export const hasNul = (text: string): boolean => text.includes('\u0000');

/**
 * A database error caused by the request's text rather than by a fault: PostgreSQL refusing a
 * character its text cannot hold (SQLSTATE 22021), in an input no check above caught. Answered
 * as the client's mistake, never as a 500.
 */
export function fromDatabaseTextError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' ? badInput('text', nulMessage) : undefined;
}

export const noteNotFound = (id: string) => new AppError('NOT_FOUND', `Note ${id} not found`);

export const invalidToken = () => new AppError('UNAUTHENTICATED', messages.invalidToken);

/** Turns a zod failure into a BAD_USER_INPUT naming the first field at fault. */
export function fromZodIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix?: string,
): AppError {
  const first = issues[0];
  const field = [prefix, ...(first?.path ?? []).map(String)].filter(Boolean).join('.') || 'body';
  return badInput(field, first?.message ?? 'is invalid');
}

const unavailableCodes = new Set([
  'SQLITE_READONLY',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_BUSY',
  'SQLITE_CORRUPT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOSPC',
  'EROFS',
  '25006',
  '57P01',
  '57P03',
  '53100',
  '08006',
  '08001',
]);

/** True when an error means the database cannot serve now (read-only, full, gone), not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return unavailableCodes.has(code) || [...unavailableCodes].some((c) => code.startsWith(`${c}_`));
}

export const databaseUnavailableMessage =
  'The database is unavailable right now. Nothing was changed; try again shortly.';
