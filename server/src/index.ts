import net, { type AddressInfo } from 'node:net';

import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

/**
 * Starts Jotter and stops it gracefully on SIGTERM/SIGINT: WebSockets are closed (1001, so their
 * clients reconnect elsewhere), in-flight requests finish, the database closes.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const jotter = await createApp(config, logger);
  const { server } = jotter;
  server.once('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(
      { err: error },
      error.code === 'EADDRINUSE'
        ? `port ${config.port} is already in use: stop what is using it, or set PORT to another port`
        : `cannot listen on ${config.host}:${config.port}`,
    );
    void jotter.close().finally(() => process.exit(1));
  });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, database: config.databaseUrl.replace(/\/\/[^@]*@/, '//***@') },
      `Jotter is listening on http://localhost:${port}`,
    );
    // In the background, once listening: a start is not held up by it.
    void jotter.warmAssets();
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 9000);
    force.unref();
    // Stop accepting, but keep kept-alive connections a moment: a request already sent on one may
    // still sit unread in the socket while the event loop is busy, and closing "idle" connections
    // at once would drop it. Every answer from now on closes its connection instead.
    server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
    // setImmediate: after the event loop's poll phase has read what is already waiting.
    const idle = setTimeout(() => setImmediate(() => server.closeIdleConnections()), 1500);
    idle.unref();
    // WebSockets first: the HTTP server's close waits for every connection, upgraded ones too.
    void jotter.closeSockets().catch((error: unknown) => {
      logger.error({ err: error }, 'error while closing WebSockets');
    });
    net.Server.prototype.close.call(server, () => {
      jotter
        .close()
        .then(() => {
          logger.info('stopped');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'error while closing');
          process.exit(1);
        });
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
