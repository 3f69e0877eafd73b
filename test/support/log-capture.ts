import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { TestAppOptions } from '../../server/src/test-support/app';

/**
 * The security suite's log capture: every app a security test starts writes its pino log (at
 * trace level) to one folder, and every secret a test handles (passwords, hashes, tokens) is
 * recorded next to it, so the last suite can grep the whole log for any of them.
 */
export const logDir = path.join(os.tmpdir(), 'jotter-security-logs');
const secretsFile = path.join(logDir, 'secrets.txt');

/** Empties the capture folder; run once before the suite. */
export function resetCapture(): void {
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
}

/** Options for createTestApp that send the app's log, at trace level, into the capture folder. */
export function capturedLog(name: string): TestAppOptions {
  fs.mkdirSync(logDir, { recursive: true });
  const file = path.join(logDir, `${name}-${process.pid}-${Date.now()}.ndjson`);
  const fd = fs.openSync(file, 'a');
  return {
    logLevel: 'trace',
    log: { write: (line: string) => fs.writeSync(fd, line) },
  };
}

/** Remembers values that must never appear in a log line. */
export function recordSecrets(...values: string[]): void {
  fs.mkdirSync(logDir, { recursive: true });
  const lines = values.filter((v) => v.length >= 8).map((v) => `${JSON.stringify(v)}\n`);
  fs.appendFileSync(secretsFile, lines.join(''));
}

/** Every captured log line and every recorded secret. */
export function readCapture(): { lines: string[]; secrets: string[]; files: number } {
  const files = fs.readdirSync(logDir).filter((f) => f.endsWith('.ndjson'));
  const lines = files.flatMap((f) =>
    fs.readFileSync(path.join(logDir, f), 'utf8').split('\n').filter(Boolean),
  );
  const secrets = fs.existsSync(secretsFile)
    ? fs
        .readFileSync(secretsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string)
    : [];
  return { lines, secrets: [...new Set(secrets)], files: files.length };
}
