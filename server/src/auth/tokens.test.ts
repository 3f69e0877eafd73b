import jwt from 'jsonwebtoken';

import { createTestApp, type TestApp } from '../test-support/app';
import { createTokenService, tokenFromHeader } from './tokens';

let t: TestApp;
let token: string;
let id: string;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token, id, email } = await t.signup());
});
afterAll(() => t.close());

const secret = () => t.config.jwtSecret!;
const unsigned = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

describe('tokens that must be refused (401 on REST, UNAUTHENTICATED on GraphQL)', () => {
  const cases: Array<[string, () => string]> = [
    ['alg none', () => unsigned({ sub: id, email, ver: 0 })],
    [
      'a wrong secret',
      () =>
        jwt.sign({ sub: id, email, ver: 0 }, 'another-secret-another-secret-another', {
          algorithm: 'HS256',
        }),
    ],
    [
      'HS512 with the right secret',
      () => jwt.sign({ sub: id, email, ver: 0 }, secret(), { algorithm: 'HS512' }),
    ],
    [
      'a tampered payload',
      () => {
        const [h, , s] = token.split('.');
        return `${h}.${Buffer.from(JSON.stringify({ sub: 'someone-else', email, ver: 0 })).toString('base64url')}.${s}`;
      },
    ],
    [
      'an expired token',
      () =>
        jwt.sign({ sub: id, email, ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, secret(), {
          algorithm: 'HS256',
        }),
    ],
    [
      'a token for no user',
      () =>
        jwt.sign(
          { sub: '00000000-0000-4000-8000-000000000000', email: 'x@y.z', ver: 0 },
          secret(),
          { algorithm: 'HS256' },
        ),
    ],
    [
      'a token without claims',
      () => jwt.sign({ hello: 'world' }, secret(), { algorithm: 'HS256' }),
    ],
    ['a malformed header', () => `Bearer Bearer ${token}`],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const bad = make();
    const rest = await t.http.get('/api/notes').set('authorization', bad);
    expect(rest.status).toBe(401);
    expect(rest.body.errors).toEqual(['The token is invalid. Unauthorized access error.']);
    const gql = await t.http
      .post('/graphql')
      .set('authorization', bad.startsWith('Bearer') ? bad : `Bearer ${bad}`)
      .send({ query: '{ me { id } }' });
    expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('the valid token still works', async () => {
    expect((await t.http.get('/api/notes').set('authorization', token)).status).toBe(200);
  });
});

describe('tokenFromHeader', () => {
  it('reads raw, JSON-quoted and Bearer forms', () => {
    expect(tokenFromHeader('abc')).toBe('abc');
    expect(tokenFromHeader('"abc"')).toBe('abc');
    expect(tokenFromHeader('Bearer abc')).toBe('abc');
    expect(tokenFromHeader('bearer   abc ')).toBe('abc');
    expect(tokenFromHeader('')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
  });
});

describe('a token checked before', () => {
  const service = () => createTokenService('a-secret-long-enough-for-hs256-0123456789', '60');
  afterEach(() => jest.restoreAllMocks());

  it('is refused once it expires, as on its first check', () => {
    const tokens = service();
    const issued = tokens.issue({ sub: 'u1', email: 'a@b.c', ver: 3 });
    const claims = tokens.verify(issued);
    expect(tokens.verify(issued)).toEqual(claims);
    const exp = claims.exp!;
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 - 1);
    expect(tokens.verify(issued)).toEqual({ sub: 'u1', email: 'a@b.c', ver: 3, exp });
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
    expect(() => tokens.verify(issued)).toThrow(/token is invalid/i);
    expect(() => service().verify(issued)).toThrow(/token is invalid/i);
  });

  it('is refused before its nbf, as on its first check', () => {
    const tokens = service();
    const now = Math.floor(Date.now() / 1000);
    const early = jwt.sign(
      { sub: 'u1', email: 'a@b.c', ver: 0, nbf: now - 5, exp: now + 60 },
      'a-secret-long-enough-for-hs256-0123456789',
      { algorithm: 'HS256' },
    );
    expect(tokens.verify(early).sub).toBe('u1');
    jest.spyOn(Date, 'now').mockReturnValue((now - 6) * 1000);
    expect(() => tokens.verify(early)).toThrow(/token is invalid/i);
    expect(() => service().verify(early)).toThrow(/token is invalid/i);
  });

  it('with one character changed is checked again, and refused', () => {
    const tokens = service();
    const issued = tokens.issue({ sub: 'u1', email: 'a@b.c', ver: 0 });
    tokens.verify(issued);
    const at = issued.length - 10;
    const changed = `${issued.slice(0, at)}${issued[at] === 'A' ? 'B' : 'A'}${issued.slice(at + 1)}`;
    expect(() => tokens.verify(changed)).toThrow(/token is invalid/i);
  });
});
