import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadConfig, secretFileSettings, withSecretFiles } from './config';

/**
 * Secrets from files (`X_FILE`, the container convention): the value is the file's content,
 * trimmed; `X` and `X_FILE` together, or a file that cannot be read, stop the start with a message
 * naming the setting, never the secret.
 */
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-config-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content, { mode: 0o600 });
  return file;
}

describe('withSecretFiles', () => {
  it.each(secretFileSettings)('reads %s from the file its _FILE names, trimmed', (name) => {
    const value = `${name.toLowerCase()}-value-from-a-file-0123456789abcdef`;
    const file = secretFile(`${name}.txt`, `  ${value}\n`);

    const env = withSecretFiles({ [`${name}_FILE`]: file, PORT: '4100' });

    expect(env[name]).toBe(value);
    expect(env[`${name}_FILE`]).toBeUndefined();
    expect(env.PORT).toBe('4100');
  });

  it.each(secretFileSettings)('refuses %s set together with its _FILE', (name) => {
    const file = secretFile(`${name}-both.txt`, 'from-the-file-0123456789abcdefghijkl');

    expect(() =>
      withSecretFiles({ [name]: 'from-the-environment-0123456789abcdef', [`${name}_FILE`]: file }),
    ).toThrow(`${name} and ${name}_FILE are both set: set one of them`);
  });

  it('names the setting and the file when the file cannot be read, without a secret', () => {
    const missing = path.join(dir, 'no-such-secret');

    expect(() => withSecretFiles({ SMTP_URL_FILE: missing })).toThrow(
      `Invalid configuration: SMTP_URL_FILE: cannot read ${missing} (ENOENT)`,
    );
  });

  it('leaves the environment as it is when no _FILE is set', () => {
    const env = { JWT_SECRET: 'x'.repeat(40), OIDC_CLIENT_SECRET: 'client-secret' };

    expect(withSecretFiles(env)).toEqual(env);
  });

  it('does not change the environment it was given', () => {
    const env = { JWT_SECRET_FILE: secretFile('untouched.txt', 'y'.repeat(40)) };

    withSecretFiles(env);

    expect(env).toEqual({ JWT_SECRET_FILE: path.join(dir, 'untouched.txt') });
  });
});

describe('loadConfig with secret files', () => {
  it('signs with the JWT secret read from JWT_SECRET_FILE', () => {
    const secret = 'a-jwt-secret-kept-in-a-docker-secret-file-0123';
    const config = loadConfig({ JWT_SECRET_FILE: secretFile('jwt', `${secret}\n`) });

    expect(config.jwtSecret).toBe(secret);
  });

  it('checks a secret from a file like one from the environment', () => {
    const file = secretFile('short-jwt', 'too-short\n');

    expect(() => loadConfig({ JWT_SECRET_FILE: file })).toThrow(
      'JWT_SECRET must be at least 32 characters',
    );
  });

  it('refuses JWT_SECRET with JWT_SECRET_FILE, without showing either secret', () => {
    const fromFile = 'the-secret-in-the-file-0123456789abcdefgh';
    const fromEnv = 'the-secret-in-the-environment-0123456789';
    let message = '';
    try {
      loadConfig({ JWT_SECRET: fromEnv, JWT_SECRET_FILE: secretFile('jwt-both', fromFile) });
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).toContain('JWT_SECRET and JWT_SECRET_FILE are both set');
    expect(message).not.toContain(fromFile);
    expect(message).not.toContain(fromEnv);
  });
});
