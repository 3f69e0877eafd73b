import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';

import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { testDatabase } from './test-support/database';

/** Notes and sessions survive a restart: a SQLite file (or the PostgreSQL test database), and the generated secret. */
it('keeps notes and sessions across a restart; the generated secret is kept at mode 0600', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-restart-'));
  const database = process.env.TEST_DATABASE_URL
    ? await testDatabase()
    : { url: `file:${path.join(dir, 'jotter.db')}`, drop: () => Promise.resolve() };
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    dataDir: dir,
    jwtSecret: undefined,
    demoUsers: true,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  };
  try {
    const first = await createApp(config, createLogger('silent'));
    const signup = await request(first.app).post('/api/auth/signup').send({
      firstName: 'R',
      lastName: 'S',
      email: 'keeper@example.com',
      password: 'persistent!',
      confirmPassword: 'persistent!',
    });
    const token = signup.body.encodedToken as string;
    await request(first.app)
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'survives', content: '<p>restart</p>' } });
    await first.close();

    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const second = await createApp(config, createLogger('silent'));
    const notes = await request(second.app).get('/api/notes').set('authorization', token);
    expect(notes.status).toBe(200);
    expect(notes.body.notes).toHaveLength(1);
    expect(notes.body.notes[0]).toMatchObject({
      title: 'survives',
      content: '<p>restart</p>',
      textContent: 'restart',
    });
    // Demo users are seeded once, not duplicated by the second start.
    const demo = await request(second.app)
      .post('/api/auth/login')
      .send({ email: 'demo@jotter.app', password: 'jotter-demo-pass' });
    expect(demo.status).toBe(200);
    await second.close();
  } finally {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
