import type http from 'node:http';

import type { Context } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import {
  GraphQLError,
  OperationTypeNode,
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';

import type { AuthLimiter } from '../auth/rate-limit';
import { AppError, messages } from '../errors';
import type { Services } from '../services';
import { credentialKey, type Authenticated, type PublicUser } from '../services/users';
import type { GraphQLContext } from './context';
import { graphQLErrorFormatter } from './errors';
import { allValidationRules, parseOptions } from './limits';

/** Close codes a client sees (graphql-ws's own, where it has one). */
export const closeCodes = {
  /** A bad, expired or revoked token (at connect, at logout, or when it expires): sign in again. */
  unauthorized: 4401,
  /** This server is stopping: reconnect (to another server). */
  goingAway: 1001,
  /** The database cannot check the token now: reconnect later. */
  tryAgainLater: 1013,
} as const;

/** Subscriptions one socket may hold at once: a client needs one; a few spare, no more. */
const maxSubscriptionsPerSocket = 16;
/**
 * The largest message a client may send, as the HTTP body limit (a subscribe message is a few
 * hundred bytes). `ws` closes a socket sending more with 1009 (graphql-ws logs that to stderr).
 */
const maxPayloadBytes = 1024 * 1024;
/** How long a socket may take to finish the closing handshake at shutdown before it is cut. */
const closeGraceMs = 2000;
/**
 * Messages only a server sends. graphql-ws takes one from a client for a fault of its own (it
 * closes with 4500 and logs an internal error); made invalid as they are read, they are refused
 * as the client's mistake (4400 "Invalid message received"), like any other malformed message.
 */
const serverOnlyTypes = new Set<unknown>(['connection_ack', 'next', 'error']);
/**
 * The longest operation id taken, in UTF-8 bytes (a client's ids are counters or UUIDs). graphql-ws
 * closes a socket that reuses an id with "Subscriber for <id> already exists", and a WebSocket
 * close reason holds at most 123 bytes: with a longer id, `ws` throws and graphql-ws closes with
 * 1011, its internal error. A longer id is refused as malformed (4400) instead.
 */
const maxIdBytes = 64;
const refuseInvalidMessages = (key: string, value: unknown): unknown => {
  if (key !== '') return value;
  const message = value as { type?: unknown; id?: unknown } | null;
  if (serverOnlyTypes.has(message?.type))
    return { type: 'a server-only message, sent by a client' };
  if (typeof message?.id === 'string' && Buffer.byteLength(message.id) > maxIdBytes) {
    return { type: `an id over ${maxIdBytes} bytes` };
  }
  return value;
};

/** How many distinct documents the WebSocket server keeps parsed and validated. */
const cachedDocuments = 100;

/** setTimeout's longest delay; a token living longer is waited for in steps. */
const maxTimerMs = 2 ** 31 - 1;

// A type, not an interface: graphql-ws wants an index-signature-compatible record.
type SocketState = {
  user?: PublicUser;
  /** How the socket's user was authenticated. */
  auth?: Authenticated;
  /** The `authorization` the socket signed in with, to check again after a resync. */
  authorization?: string;
  /** Stops the socket's timers and listeners. */
  release?: () => void;
};

type SocketContext = Context<Record<string, unknown> | undefined, Extra & SocketState>;

export interface WebSocketDeps {
  schema: GraphQLSchema;
  services: Services;
  authLimiter: AuthLimiter;
  logger: Logger;
  /** Seconds between pings; a socket that has not answered one by the next is cut. */
  pingSeconds: number;
}

export interface LiveSockets {
  /**
   * Closes every socket with 1001 "Server shutting down" (clients reconnect, to another server
   * if there is one), waits a moment for each to finish closing, cuts the rest, and stops
   * taking new ones. Safe to call more than once.
   */
  close(): Promise<void>;
}

/** Runs `fn` at `at`, however far off; returns what cancels it. */
function at(time: Date, fn: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = time.getTime() - Date.now();
    timer = wait > maxTimerMs ? setTimeout(arm, maxTimerMs) : setTimeout(fn, Math.max(0, wait));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

const authorizationOf = (params: Record<string, unknown> | undefined): unknown =>
  params?.authorization ?? params?.Authorization;

/**
 * GraphQL subscriptions over WebSocket at /graphql, on the app's HTTP server: graphql-ws's
 * protocol with `ws`, the same schema as Apollo, the token in `connectionParams.authorization`.
 * A socket without a valid token is closed at connect (4401); a socket is closed when its user
 * logs out (on any server) or its token expires (4401), and at shutdown (1001). Pings every
 * `pingSeconds`; a socket that misses a pong is cut. Only subscriptions run here: queries and
 * mutations go over HTTP, where rate limits and body limits apply.
 */
export function attachWebSocketServer(server: http.Server, deps: WebSocketDeps): LiveSockets {
  const { schema, services, authLimiter, logger } = deps;
  const format = graphQLErrorFormatter(logger);
  const formatAll = (errors: readonly GraphQLError[]) =>
    errors.map((e) => format(e.toJSON(), e.originalError ?? e));
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: maxPayloadBytes });
  const signedIn = new Map<WebSocket, SocketState>();
  let closing: Promise<void> | undefined;

  // Parsed and validated once per distinct text, as Apollo does over HTTP: every socket of every
  // client sends the same few documents, and each subscription keeps its document while it
  // lives, so a document per subscription would cost each idle socket its own syntax tree.
  type Parsed = { document: DocumentNode } | { errors: readonly GraphQLError[] };
  const documents = new Map<string, Parsed>();
  const documentOf = (query: string): Parsed => {
    const known = documents.get(query);
    if (known) return known;
    let parsed: Parsed;
    try {
      const document = parse(query, parseOptions);
      const errors = validate(schema, document, allValidationRules);
      parsed = errors.length > 0 ? { errors } : { document };
    } catch (error) {
      parsed = {
        errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))],
      };
    }
    if (documents.size >= cachedDocuments) documents.delete(documents.keys().next().value!);
    documents.set(query, parsed);
    return parsed;
  };

  const refuse = (socket: WebSocket, code: number, reason: string): false => {
    socket.close(code, reason);
    return false;
  };

  // After PostgreSQL's listener reconnects, a logout elsewhere may have gone unheard: check
  // every socket's token again.
  const stopResync = services.users.onResync(() => {
    for (const [socket, state] of signedIn) {
      services.caller.session(state.authorization).then(
        (session) => {
          if (!session) socket.close(closeCodes.unauthorized, 'Signed out');
        },
        (error: unknown) => {
          if (error instanceof AppError && error.kind === 'UNAUTHENTICATED') {
            socket.close(closeCodes.unauthorized, 'Signed out');
          }
        },
      );
    }
  });

  const graphqlWs = useServer<Record<string, unknown> | undefined, SocketState>(
    {
      schema,
      jsonMessageReviver: refuseInvalidMessages,
      context: (ctx: SocketContext): GraphQLContext => ({
        services,
        user: ctx.extra.user ?? null,
        auth: ctx.extra.auth ?? null,
        userAgent: ctx.extra.request.headers['user-agent'],
        // Read when the socket opened: too old for what its operations read later.
        eventsCursor: null,
        authError: null,
        ip: ctx.extra.request.socket.remoteAddress ?? '',
        authLimiter,
      }),

      onConnect: async (ctx: SocketContext) => {
        const { socket } = ctx.extra;
        if (closing) return refuse(socket, closeCodes.goingAway, 'Server shutting down');
        const authorization = authorizationOf(ctx.connectionParams);
        let session;
        try {
          session = await services.caller.session(authorization);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.kind === 'UNAVAILABLE') {
            logger.error({ err: error.cause ?? error }, 'database unavailable');
            return refuse(socket, closeCodes.tryAgainLater, 'Try again later');
          }
          return refuse(socket, closeCodes.unauthorized, messages.invalidToken);
        }
        if (!session) return refuse(socket, closeCodes.unauthorized, messages.invalidToken);
        if (socket.readyState !== socket.OPEN) return false;
        const { user, expiresAt } = session;
        const own = credentialKey(session.credential);
        const stops = [
          // Every credential of the user, or this socket's own (its session ended, its API
          // token revoked).
          services.users.onSignOut(user.id, (ended) => {
            if (ended === undefined || ended === own) {
              socket.close(closeCodes.unauthorized, 'Signed out');
            }
          }),
          ...(expiresAt
            ? [at(expiresAt, () => socket.close(closeCodes.unauthorized, 'Token expired'))]
            : []),
        ];
        const state: SocketState = {
          user,
          auth: session,
          authorization: authorization as string,
          release: () => stops.forEach((stop) => stop()),
        };
        Object.assign(ctx.extra, state);
        signedIn.set(socket, state);
        return true;
      },

      onClose: (ctx: SocketContext) => {
        ctx.extra.release?.();
        signedIn.delete(ctx.extra.socket);
      },

      onSubscribe: (ctx: SocketContext, _id, payload) => {
        const parsed = documentOf(payload.query);
        if ('errors' in parsed) return parsed.errors;
        const { document } = parsed;
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [
            new GraphQLError(
              'Only subscriptions are served over WebSocket: send queries and mutations to /graphql over HTTP.',
              { extensions: { code: 'BAD_REQUEST' } },
            ),
          ];
        }
        // The new subscription is already counted.
        if (Object.keys(ctx.subscriptions).length > maxSubscriptionsPerSocket) {
          return [
            new GraphQLError(
              `At most ${maxSubscriptionsPerSocket} subscriptions per connection: complete one first.`,
              { extensions: { code: 'BAD_REQUEST' } },
            ),
          ];
        }
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
        };
      },

      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: formatAll(result.errors) } : undefined,

      onError: (_ctx, _id, _payload, errors) => formatAll(errors),
    },
    wss,
    deps.pingSeconds * 1000,
  );

  async function shutDown(): Promise<void> {
    stopResync();
    const open = [...wss.clients];
    const closed = open.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) resolve();
          else socket.once('close', () => resolve());
        }),
    );
    for (const socket of open) socket.close(closeCodes.goingAway, 'Server shutting down');
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise<void>((resolve) => (grace = setTimeout(resolve, closeGraceMs))),
    ]);
    clearTimeout(grace);
    for (const socket of wss.clients) socket.terminate();
    await graphqlWs.dispose();
  }

  return {
    close: () => (closing ??= shutDown()),
  };
}
