import pino, { type Logger } from 'pino';

/** Structured logs; credentials are redacted wherever they could appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.confirmPassword',
          '*.token',
          '*.encodedToken',
          '*.password_hash',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
