import { createTestApp, type TestApp } from '../test-support/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

type WireNote = { _id: string; title: string; isArchive: boolean };
const ids = (notes: WireNote[]) => notes.map((n) => n._id);

async function addNote(title: string): Promise<string> {
  const res = await t.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title, content: `<p>${title}</p>` } });
  return (res.body.notes as WireNote[]).at(-1)!._id;
}

async function archived(title: string): Promise<string> {
  const id = await addNote(title);
  await t.http.post(`/api/notes/archives/${id}`).set('authorization', token).send({});
  return id;
}

describe('/api/archives', () => {
  it('GET lists archived notes; 401 without a token', async () => {
    const id = await archived('listed');
    const res = await t.http.get('/api/archives').set('authorization', token);
    expect(res.status).toBe(200);
    expect(ids(res.body.archives)).toContain(id);
    expect((await t.http.get('/api/archives')).status).toBe(401);
  });

  it('POST /:id edits an archived note: 200 with archives', async () => {
    const id = await archived('old title');
    const res = await t.http
      .post(`/api/archives/${id}`)
      .set('authorization', token)
      .send({ archiveNote: { title: 'new title' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['archives']);
    expect(res.body.archives.find((n: WireNote) => n._id === id).title).toBe('new title');
  });

  it('POST /:id 400 without archiveNote, 404 for a note not in the archive', async () => {
    const id = await archived('x');
    const missing = await t.http.post(`/api/archives/${id}`).set('authorization', token).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatch(/^archiveNote:/);
    const inNotes = await addNote('in notes');
    const wrongPlace = await t.http
      .post(`/api/archives/${inNotes}`)
      .set('authorization', token)
      .send({ archiveNote: { title: 'y' } });
    expect(wrongPlace.status).toBe(404);
  });

  it('POST /restore/:id unarchives: 200 with archives and notes', async () => {
    const id = await archived('come back');
    const res = await t.http
      .post(`/api/archives/restore/${id}`)
      .set('authorization', token)
      .send({});
    expect(res.status).toBe(200);
    expect(ids(res.body.notes)).toContain(id);
    expect(ids(res.body.archives)).not.toContain(id);
  });

  it('DELETE /delete/:id moves an archived note to the trash: 200 with archives and trash', async () => {
    const id = await archived('bin from archive');
    const res = await t.http.delete(`/api/archives/delete/${id}`).set('authorization', token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['archives', 'trash']);
    expect(ids(res.body.trash)).toContain(id);
    expect(res.body.trash.find((n: WireNote) => n._id === id).isArchive).toBe(true);
  });
});

describe('/api/trash', () => {
  it('GET lists the trash; 401 without a token', async () => {
    const res = await t.http.get('/api/trash').set('authorization', token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.trash)).toBe(true);
    expect((await t.http.get('/api/trash')).status).toBe(401);
  });

  it('restore puts a note back where it came from: notes → notes, archive → archive (201 with all three lists)', async () => {
    const fromNotes = await addNote('was in notes');
    await t.http.delete(`/api/notes/${fromNotes}`).set('authorization', token);
    const fromArchive = await archived('was archived');
    await t.http.delete(`/api/archives/delete/${fromArchive}`).set('authorization', token);

    const first = await t.http.post(`/api/trash/restore/${fromNotes}`).set('authorization', token);
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(['archives', 'notes', 'trash']);
    expect(ids(first.body.notes)).toContain(fromNotes);

    const second = await t.http
      .post(`/api/trash/restore/${fromArchive}`)
      .set('authorization', token);
    expect(ids(second.body.archives)).toContain(fromArchive);
    expect(ids(second.body.notes)).not.toContain(fromArchive);
    expect(ids(second.body.trash)).not.toContain(fromArchive);
  });

  it('DELETE /delete/:id deletes forever: 200 with the remaining trash; the note is gone everywhere', async () => {
    const id = await addNote('gone');
    await t.http.post(`/api/notes/trash/${id}`).set('authorization', token);
    const res = await t.http.delete(`/api/trash/delete/${id}`).set('authorization', token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['trash']);
    expect(ids(res.body.trash)).not.toContain(id);
    const again = await t.http.delete(`/api/trash/delete/${id}`).set('authorization', token);
    expect(again.status).toBe(404);
  });

  it('only a trashed note can be deleted forever', async () => {
    const id = await addNote('still here');
    const res = await t.http.delete(`/api/trash/delete/${id}`).set('authorization', token);
    expect(res.status).toBe(404);
    const notes = await t.http.get('/api/notes').set('authorization', token);
    expect(ids(notes.body.notes)).toContain(id);
  });
});
