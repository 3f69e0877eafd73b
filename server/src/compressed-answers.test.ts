import { createTestApp, type TestApp } from './test-support/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
  for (let i = 0; i < 5; i += 1) {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: `Note ${i}`, content: `<p>${'some words '.repeat(40)}</p>` } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

describe('API answers', () => {
  it('are gzipped for a client that accepts it, REST and GraphQL alike', async () => {
    const rest = await t.http
      .get('/api/notes')
      .set('authorization', token)
      .set('accept-encoding', 'gzip');
    expect(rest.status).toBe(200);
    expect(rest.headers['content-encoding']).toBe('gzip');
    expect(rest.headers.vary).toMatch(/Accept-Encoding/i);
    expect(rest.body.notes).toHaveLength(5);

    const gql = await t.http
      .post('/graphql')
      .set('authorization', `Bearer ${token}`)
      .set('accept-encoding', 'gzip')
      .send({ query: '{ notes(first: 10) { nodes { title content } totalCount } }' });
    expect(gql.status).toBe(200);
    expect(gql.headers['content-encoding']).toBe('gzip');
    expect(gql.body.data.notes.totalCount).toBe(5);
  });

  it('are plain for a client that does not, and when small', async () => {
    const plain = await t.http
      .get('/api/notes')
      .set('authorization', token)
      .set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.notes).toHaveLength(5);
    const small = await t.http.get('/api/notes').set('accept-encoding', 'gzip');
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
