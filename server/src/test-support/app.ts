import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { Express } from 'express';
import type pino from 'pino';
import request from 'supertest';

import { createApp, type AppHooks } from '../app';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import type { Services } from '../services';
import type { Clock } from '../services/clock';
import type { Store } from '../store';
import { openDatabase } from '../store/database';
import { storeOver } from '../store/store';
import { behindTheApi, type BehindTheApi } from './behind-the-api';
import { testDatabase } from './database';

type TestAgent = ReturnType<typeof request>;

export interface TestApp {
  http: TestAgent;
  config: Config;
  /** The Express app. */
  app: Express;
  /** The HTTP server over the app, with WebSocket subscriptions at /graphql. */
  server: http.Server;
  /** The app's services, for what a test drives behind the API (pruning the feed, say). */
  services: Services;
  /**
   * Serves the app, HTTP and WebSocket, on a free local port (once per app). `url` is
   * http://127.0.0.1:port and `wsUrl` ws://127.0.0.1:port/graphql; `close` stops listening and
   * cuts every connection.
   */
  listen(): Promise<Listening>;
  /** The app's store, for setting up through the repositories what no route can. */
  store: Store;
  /** The rows as stored, for checks that look behind the API. */
  behind: BehindTheApi;
  close(): Promise<void>;
  /** Signs up a fresh user through REST and returns their token and id. */
  signup(overrides?: Partial<SignupBody>): Promise<{ token: string; id: string; email: string }>;
  /** A GraphQL call; returns the parsed body. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{
    data?: T;
    errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
  }>;
}

export interface Listening {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

interface SignupBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

let counter = 0;

export interface TestAppOptions {
  /** Where the app's pino log goes (silent when absent); tests that grep the log pass a stream. */
  log?: pino.DestinationStream;
  logLevel?: string;
  /** Where notes and the retention job read the time (Date.now when absent). */
  clock?: Clock;
  /** Reminders' timings (push retries, the scheduler's poll). */
  reminders?: AppHooks['reminders'];
}

/** A fresh app on a private database with fast password hashing and no rate limit. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = overrides.databaseUrl
    ? { url: overrides.databaseUrl, drop: () => Promise.resolve() }
    : await testDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-test-'));
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    dataDir,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    demoUsers: false,
    authRateLimit: 0,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    ...overrides,
  };
  const logger = options.log
    ? createLogger(options.logLevel ?? 'info', options.log)
    : createLogger('silent');
  const opened = await openDatabase(config.databaseUrl, { log: logger });
  const store = storeOver(opened);
  const jotter = await createApp(config, logger, store, {
    clock: options.clock,
    reminders: options.reminders,
  });
  const http = request(jotter.app);
  const { server } = jotter;
  let listening: Listening | undefined;
  return {
    http,
    config,
    app: jotter.app,
    server,
    services: jotter.services,
    store,
    behind: behindTheApi(opened.db),
    async listen() {
      if (listening) return listening;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      listening = {
        url: `http://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${port}/graphql`,
        close: () =>
          new Promise<void>((resolve) => {
            if (!server.listening) return resolve();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
      return listening;
    },
    close: async () => {
      await jotter.close();
      await listening?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async signup(body = {}) {
      counter += 1;
      const email = body.email ?? `user${counter}-${Date.now()}@example.com`;
      const res = await http.post('/api/auth/signup').send({
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'correct horse battery',
        confirmPassword: body.password ?? 'correct horse battery',
        ...body,
        email,
      });
      if (res.status !== 201)
        throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
      const created = res.body as { encodedToken: string; createdUser: { _id: string } };
      return { token: created.encodedToken, id: created.createdUser._id, email };
    },
    async graphql(query, variables, token) {
      const req = http.post('/graphql').set('content-type', 'application/json');
      if (token) req.set('authorization', `Bearer ${token}`);
      const res = await req.send({ query, variables });
      return res.body as never;
    },
  };
}
