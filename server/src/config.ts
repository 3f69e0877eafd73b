import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

import { repoRoot } from './paths';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** A number of days, 0 or more, saying `message` when it is anything else. */
const wholeDays = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('file:./data/jotter.db'),
  DATA_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]?$/, 'TOKEN_TTL is a number of seconds or a duration like 15m, 12h, 7d')
    .default('7d'),
  DEMO_USERS: booleanFlag.default(true),
  ALLOW_SIGNUP: booleanFlag.default(true),
  IMPORT_MAX_MB: z.coerce
    .number()
    .int()
    .min(1, 'IMPORT_MAX_MB is a whole number of megabytes from 1')
    .default(256),
  // Attachments (issue 40): the largest file, each user's quota (MiB), and where bytes go.
  ATTACHMENT_MAX_MB: z.coerce
    .number()
    .int('ATTACHMENT_MAX_MB is a whole number of megabytes from 1')
    .min(1, 'ATTACHMENT_MAX_MB is a whole number of megabytes from 1')
    .default(20),
  ATTACHMENT_QUOTA_MB: z.coerce
    .number()
    .int('ATTACHMENT_QUOTA_MB is a whole number of megabytes from 1')
    .min(1, 'ATTACHMENT_QUOTA_MB is a whole number of megabytes from 1')
    .default(1024),
  ATTACHMENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  TRUST_PROXY: booleanFlag.default(false),
  CLIENT_DIST: z.string().optional(),
  EVENT_RETENTION_HOURS: z.coerce
    .number()
    .positive('EVENT_RETENTION_HOURS is a number of hours above 0')
    .default(72),
  TRASH_RETENTION_DAYS: wholeDays(
    'TRASH_RETENTION_DAYS is a whole number of days (0 keeps the trash forever)',
  ).default(30),
  REVISION_RETENTION_DAYS: wholeDays(
    'REVISION_RETENTION_DAYS is a whole number of days (0 keeps every revision)',
  ).default(90),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'PUBLIC_URL is the address people open Jotter at, like https://notes.example.org',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  OIDC_ISSUER: z
    .url({
      protocol: /^https?$/,
      error: "OIDC_ISSUER is the provider's issuer URL, like https://auth.example.org",
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z
    .string()
    .trim()
    .min(1)
    .max(60, 'OIDC_LABEL must be at most 60 characters')
    .default('single sign-on'),
  OIDC_SIGNUP: booleanFlag.default(true),
  PASSWORD_LOGIN: booleanFlag.default(true),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Reminders (issue 41): email through SMTP, Web Push keys, hosts pushes may go to.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL is smtp://user:pass@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  PUSH_ALLOW_HOSTS: z.string().default(''),
  WS_PING_SECONDS: z.coerce
    .number()
    .positive('WS_PING_SECONDS is a number of seconds above 0')
    .default(30),
});

/** The secrets that may also come from a file: `X_FILE` names the file, as container users expect. */
export const secretFileSettings = ['JWT_SECRET', 'OIDC_CLIENT_SECRET', 'SMTP_URL'] as const;

/**
 * The environment with each `X_FILE` of `secretFileSettings` replaced by `X`, read from that file
 * and trimmed (a Docker or Kubernetes secret ends with a newline). Setting both `X` and `X_FILE`,
 * or naming a file that cannot be read, is a configuration error; the message names the setting
 * and the file, never what is in it.
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of secretFileSettings) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    delete resolved[`${name}_FILE`];
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name} and ${name}_FILE are both set: set one of them`);
      continue;
    }
    try {
      resolved[name] = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}_FILE: cannot read ${file} (${code})`);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return resolved;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Where the SQLite file (by default) and the generated JWT secret live. */
  dataDir: string;
  jwtSecret: string | undefined;
  tokenTtl: string;
  demoUsers: boolean;
  /** Off: nobody can create an account (403); existing and demo accounts still sign in. */
  allowSignup: boolean;
  /** The largest file an import takes, in bytes (a JSON export at most 64 MB of it). */
  importMaxBytes: number;
  /** The largest attachment taken, in bytes (ATTACHMENT_MAX_MB). */
  attachmentMaxBytes: number;
  /** What one user's attachments may take in all, in bytes (ATTACHMENT_QUOTA_MB). */
  attachmentQuotaBytes: number;
  /** ATTACHMENT_DIR: where attachments' bytes are kept as files; unset: in the database. */
  attachmentDir: string | undefined;
  logLevel: string;
  /** Failed login/signup attempts allowed per IP per minute (and per account per 15 minutes); 0 turns the limit off. */
  authRateLimit: number;
  trustProxy: boolean;
  /** The built client, served at /. */
  clientDist: string;
  /** How long the feed of note changes keeps an event; a client further behind must reload. */
  eventRetentionHours: number;
  /** Days a note stays in the trash before it is deleted for good; 0 keeps the trash forever. */
  trashRetentionDays: number;
  /** Days an earlier version of a note is kept; 0 keeps every one. */
  revisionRetentionDays: number;
  /** Seconds between WebSocket pings; a socket that has not answered the last one by the next is dropped. */
  wsPingSeconds: number;
  /**
   * The address people open Jotter at (no trailing slash), for links in emails, single sign-on's
   * return address and passkeys; unset: taken from each request.
   */
  publicUrl: string | undefined;
  /** Single sign-on with OpenID Connect (OIDC_*); undefined when OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
  /** Off (PASSWORD_LOGIN=off): password login and signup are refused; single sign-on and passkeys stay. */
  passwordLogin: boolean;
  /** The accounts (emails, lower-cased) that are admins: /admin and /api/admin are theirs. */
  adminEmails: string[];
  /** Reminders: SMTP for emails (unset: none), the sender, VAPID keys, hosts pushes may go to. */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  pushAllowHosts: string[];
  /** Argon2 cost; tests lower it, production keeps OWASP's. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

/** The OpenID Connect provider Jotter signs people in with. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset for a public client (PKCE alone). */
  clientSecret: string | undefined;
  /** The button reads "Sign in with {label}". */
  label: string;
  /** Whether a first sign-in with no account to find or join creates one. */
  signup: boolean;
}

/** The OIDC_* settings, checked together: an issuer needs a client id, and https off this machine. */
function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  if (!e.OIDC_ISSUER) {
    if (e.OIDC_CLIENT_ID)
      throw new Error('Invalid configuration: OIDC_CLIENT_ID is set without OIDC_ISSUER');
    return undefined;
  }
  if (!e.OIDC_CLIENT_ID) {
    throw new Error('Invalid configuration: OIDC_ISSUER is set without OIDC_CLIENT_ID');
  }
  const issuer = new URL(e.OIDC_ISSUER);
  if (
    issuer.protocol === 'http:' &&
    !['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)
  ) {
    throw new Error('Invalid configuration: OIDC_ISSUER must be https (http only on localhost)');
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    label: e.OIDC_LABEL,
    signup: e.OIDC_SIGNUP,
  };
}

/** Reads the configuration from environment variables, with working defaults for every one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withSecretFiles(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const sqliteFile = e.DATABASE_URL.startsWith('file:') ? e.DATABASE_URL.slice(5) : undefined;
  const dataDir = path.resolve(
    e.DATA_DIR ?? (sqliteFile && sqliteFile !== ':memory:' ? path.dirname(sqliteFile) : './data'),
  );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET,
    tokenTtl: e.TOKEN_TTL,
    demoUsers: e.DEMO_USERS,
    allowSignup: e.ALLOW_SIGNUP,
    importMaxBytes: e.IMPORT_MAX_MB * 1024 * 1024,
    attachmentMaxBytes: e.ATTACHMENT_MAX_MB * 1024 * 1024,
    attachmentQuotaBytes: e.ATTACHMENT_QUOTA_MB * 1024 * 1024,
    attachmentDir: e.ATTACHMENT_DIR ? path.resolve(e.ATTACHMENT_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    clientDist: path.resolve(e.CLIENT_DIST ?? path.join(repoRoot, 'client/dist')),
    eventRetentionHours: e.EVENT_RETENTION_HOURS,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    revisionRetentionDays: e.REVISION_RETENTION_DAYS,
    wsPingSeconds: e.WS_PING_SECONDS,
    publicUrl: e.PUBLIC_URL,
    oidc: oidcConfig(e),
    passwordLogin: e.PASSWORD_LOGIN,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    pushAllowHosts: e.PUSH_ALLOW_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  };
}
