import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

import { oidcStateSealer } from './auth/oidc-state';
import { createAuthLimiter } from './auth/rate-limit';
import { createTokenService, resolveJwtSecret } from './auth/tokens';
import { compressedAssets } from './compressed-assets';
import { inlineScriptSources } from './inline-scripts';
import type { Config } from './config';
import { contextFunction } from './graphql/context';
import { createSchema } from './graphql/schema';
import { createApolloServer } from './graphql/server';
import { attachWebSocketServer } from './graphql/ws';
import { oneRequestPerTurn } from './one-request-per-turn';
import { restRouter } from './rest';
import { errorHandler } from './rest/errors';
import { createServices, type Services } from './services';
import type { Clock } from './services/clock';
import type { RemindersOptions } from './services/reminders';
import { seedDemoUsers } from './services/demo';
import { isDatabaseUnavailable } from './errors';
import { openStore, type Store } from './store';

interface JotterApp {
  app: Express;
  /** The HTTP server over `app`, with GraphQL subscriptions (WebSocket) at /graphql: listen on it. */
  server: http.Server;
  services: Services;
  /** Closes every WebSocket with 1001 "Server shutting down": the first step of a graceful stop. */
  closeSockets(): Promise<void>;
  /** Compresses the client's bundles ahead of their first request (once listening). */
  warmAssets(): Promise<void>;
  /** Closes the sockets, stops GraphQL and the feed's pruning, and closes the database. */
  close(): Promise<void>;
}

/** Hooks for tests: what a real server takes from its surroundings. */
export interface AppHooks {
  /** Where notes and the retention job read the time. */
  clock?: Clock;
  /** Reminders' timings (push retries, the scheduler's poll). */
  reminders?: Pick<RemindersOptions, 'push' | 'pollMs'>;
}

/** How often the retention job (old trash, old revisions) runs, besides once at start. */
const retentionEveryMs = 3_600_000;

/** How often old note events are pruned (and once at start): hourly, or sooner for a short retention. */
const pruneEveryMs = (retentionHours: number) => Math.min(3_600_000, retentionHours * 1_800_000);

/** The policy; `inlineScripts` are the sources of the pages' inline scripts (inline-scripts.ts). */
const contentSecurityPolicy = (inlineScripts: string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScripts],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The service worker (sw.js) and the web app manifest come from the origin.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
});

/**
 * The client's files whose names carry no hash of their content: asked for again on every use
 * (`no-cache`: revalidated, never served stale), so a new version of the app, of its service worker
 * or of its manifest is seen at the next visit, and the update prompt can offer it.
 */
const unhashedEntryFiles = new Set(['index.html', 'shell.html', 'sw.js', 'manifest.webmanifest']);

/** What /healthz says when the database cannot take a write. */
function healthProblem(error: unknown): string {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : '';
  if (/^(SQLITE_FULL|ENOSPC|53100)/.test(code)) return 'The disk holding the database is full.';
  if (/^(SQLITE_READONLY|EROFS|25006)/.test(code)) return 'The database is read-only.';
  if (/^SQLITE_(CANTOPEN|IOERR)|^EACCES/.test(code)) {
    return 'The database file cannot be opened for writing.';
  }
  return 'The database is not answering.';
}

/**
 * Builds the whole server: database, services, REST at /api, GraphQL at /graphql, the client at
 * /. The store is opened from `config.databaseUrl` unless one is given (tests open their own).
 */
export async function createApp(
  config: Config,
  logger: Logger,
  opened?: Store,
  hooks: AppHooks = {},
): Promise<JotterApp> {
  const store = opened ?? (await openStore(config.databaseUrl, { log: logger }));
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret, config.tokenTtl);
  const services = createServices(store, tokens, {
    argon2: config.argon2,
    allowSignup: config.allowSignup,
    passwordLogin: config.passwordLogin,
    oidc: { config: config.oidc, publicUrl: config.publicUrl, sealer: oidcStateSealer(jwtSecret) },
    adminEmails: config.adminEmails,
    publicUrl: config.publicUrl,
    noteEvents: { retentionHours: config.eventRetentionHours },
    retention: { trashDays: config.trashRetentionDays, revisionDays: config.revisionRetentionDays },
    attachments: {
      maxBytes: config.attachmentMaxBytes,
      quotaBytes: config.attachmentQuotaBytes,
      dir: config.attachmentDir,
    },
    clock: hooks.clock,
    reminders: {
      dataDir: config.dataDir,
      vapid: { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey },
      pushAllowHosts: config.pushAllowHosts,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      log: logger,
      ...hooks.reminders,
    },
  });
  await store.ping().catch((error: unknown) => {
    logger.error({ err: error }, 'the database cannot take writes; answering 503 until it can');
  });
  if (config.demoUsers) {
    await seedDemoUsers(services.users).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.warn('demo users not seeded: the database is unavailable');
    });
  }
  const authLimiter = createAuthLimiter(config.authRateLimit);

  // Every server prunes (idempotent): at start, then periodically; a failure only waits for the next.
  const prune = () =>
    services.noteEvents.prune().then(
      (pruned) => pruned > 0 && logger.info({ pruned }, 'pruned old note events'),
      (error: unknown) => logger.warn({ err: error }, 'could not prune old note events'),
    );
  void prune();
  const pruning = setInterval(() => void prune(), pruneEveryMs(config.eventRetentionHours));
  pruning.unref();

  // Every server runs it; on PostgreSQL a lock lets only one at a time delete old trash.
  const keepTidy = () =>
    services.retention.run().then(
      (removed) =>
        (removed.trashed > 0 || removed.revisions > 0 || removed.attachments > 0) &&
        logger.info(removed, 'deleted trash, revisions and attachments past their retention'),
      (error: unknown) => logger.warn({ err: error }, 'could not delete old trash and revisions'),
    );
  void keepTidy();
  const tidying = setInterval(() => void keepTidy(), retentionEveryMs);
  tidying.unref();

  // Every server runs the reminders' scheduler; claiming lets each reminder fire once.
  services.reminders.start();

  const app = express();
  const server = http.createServer(app);
  const schema = createSchema();
  const sockets = attachWebSocketServer(server, {
    schema,
    services,
    authLimiter,
    logger,
    pingSeconds: config.wsPingSeconds,
  });
  const apollo = createApolloServer(logger, schema, () => sockets.close());
  await apollo.start();

  const indexHtml = path.join(config.clientDist, 'index.html');
  const pages = [indexHtml, path.join(config.clientDist, 'shell.html')];
  app.disable('x-powered-by');
  // No ETag on API answers: Express hashes every body (SHA-1 over 150 kB lists) for a header no
  // Jotter client uses. Static files keep theirs (serve-static sets its own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(oneRequestPerTurn());
  // No Origin-Agent-Cluster header: beside COOP it stops Chromium from using the compiled code it
  // keeps with the service worker's cached scripts, so every visit recompiled the whole app
  // (docs/performance.md). It only ever guarded `document.domain`, which Jotter never sets and
  // browsers now ignore by default.
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(inlineScriptSources(pages)),
      crossOriginEmbedderPolicy: false,
      originAgentCluster: false,
    }),
  );
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === '/healthz' },
      // The serializers take the request and the answer themselves (pino-http's documented
      // option), not pino's standard copies of them with every header, made for each request
      // even when no request is logged, only to be cut down to these few fields.
      wrapSerializers: false,
      serializers: {
        req: (req: { method: string; url: string; originalUrl?: string; id: unknown }) => ({
          id: req.id,
          method: req.method,
          // The path only: a query string can carry anything a client put there.
          url: (req.originalUrl ?? req.url).split('?')[0],
        }),
        // No status yet when the client went away before the answer began.
        res: (res: { statusCode: number; headersSent: boolean }) => ({
          statusCode: res.headersSent ? res.statusCode : null,
        }),
        err: pino.stdSerializers.err,
      },
    }),
  );
  // An import's or an attachment's body is the file itself, read by its own route (rest/files.ts,
  // rest/attachments.ts), not parsed here.
  const jsonBody = express.json({ limit: '1mb' });
  app.use((req, res, next) => {
    if (req.path === '/api/import' || req.path.startsWith('/api/attachments')) next();
    else jsonBody(req, res, next);
  });

  // Healthy means a write would succeed now: the database answers, takes a write lock, has disk.
  app.get('/healthz', async (_req, res) => {
    try {
      await store.ping();
      res.json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'health check failed');
      res.status(503).json({ status: 'unavailable', errors: [healthProblem(error)] });
    }
  });

  // API answers (JSON lists of notes, tens of kB) are gzipped for clients that ask; level 1
  // keeps most of the saving for a fraction of the CPU of the default level. Static files are
  // compressed once at start (compressed-assets.ts), not here.
  const compressAnswers = compression({ level: 1, threshold: 1024 });
  app.use(['/api', '/graphql'], compressAnswers);
  app.use(
    '/api',
    restRouter({
      services,
      authLimiter,
      importMaxBytes: config.importMaxBytes,
      publicUrl: config.publicUrl,
    }),
  );
  app.use('/api', errorHandler(logger));

  const playground = path.join(config.clientDist, 'graphiql.html');
  app.get('/graphql', (req, res, next) => {
    if (
      req.accepts(['application/json', 'text/html']) === 'text/html' &&
      fs.existsSync(playground)
    ) {
      res.sendFile(playground);
      return;
    }
    next();
  });
  app.use(
    '/graphql',
    expressMiddleware(apollo, { context: contextFunction(services, authLimiter) }),
  );
  app.use('/graphql', errorHandler(logger));

  const assets = compressedAssets(config.clientDist);
  app.use(assets.handler);
  app.use(
    express.static(config.clientDist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (unhashedEntryFiles.has(path.basename(file))) res.setHeader('cache-control', 'no-cache');
      },
    }),
  );
  app.get('/{*path}', (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexHtml)) {
      next();
      return;
    }
    res.sendFile(indexHtml, { headers: { 'cache-control': 'no-cache' } });
  });
  // Anything else (or any page while the client is not built): a plain 404 that keeps the
  // headers above. Express's own 404 page replaces the Content-Security-Policy with its own.
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  return {
    app,
    server,
    services,
    closeSockets: () => sockets.close(),
    warmAssets: assets.warm,
    close: async () => {
      clearInterval(pruning);
      clearInterval(tidying);
      await services.reminders.stop();
      await apollo.stop();
      await store.close();
    },
  };
}
