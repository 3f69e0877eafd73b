import { Router } from 'express';

import { badInput } from '../errors';
import type { Services } from '../services';
import { currentUser } from './context';
import { listLoader } from './lists';
import { anyBody, noteBody, noteEditBody, noteFields, parseBody } from './validate';

/** `note.reminder` of an edit's body: absent (undefined), null (clear) or what to set. */
function reminderOf(body: unknown): unknown {
  const note = (body as { note?: unknown }).note;
  if (typeof note !== 'object' || note === null || !('reminder' in note)) return undefined;
  const reminder = note.reminder;
  if (reminder !== null && (typeof reminder !== 'object' || Array.isArray(reminder))) {
    throw badInput('note.reminder', 'must be {at, repeat, timeZone} or null');
  }
  return reminder;
}

/** /notes: the main list (spec §7). */
export function notesRouter(services: Services): Router {
  const router = Router();
  const { notes } = services;
  const list = listLoader(services);

  router.get('/', async (_req, res) => {
    res.json({ notes: await list(currentUser(res).id, 'notes') });
  });

  router.post('/', async (req, res) => {
    const { note } = parseBody(req, noteBody);
    const user = currentUser(res);
    await notes.add(user.id, noteFields(note));
    res.status(201).json({ notes: await list(user.id, 'notes') });
  });

  router.post('/archives/:noteId', async (req, res) => {
    if (req.body !== undefined) parseBody(req, anyBody);
    const user = currentUser(res);
    await notes.archive(user.id, req.params.noteId);
    res
      .status(201)
      .json({ archives: await list(user.id, 'archive'), notes: await list(user.id, 'notes') });
  });

  router.post('/trash/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.trash(user.id, req.params.noteId, ['notes']);
    res
      .status(201)
      .json({ trash: await list(user.id, 'trash'), notes: await list(user.id, 'notes') });
  });

  router.post('/:noteId', async (req, res) => {
    const { note } = parseBody(req, noteEditBody);
    const { version, ...fields } = note;
    const user = currentUser(res);
    // The caller's own reminder (issue 41): set or cleared beside (or instead of) an edit.
    const reminder = reminderOf(req.body);
    const edited = Object.values(fields).some((v) => v !== undefined);
    if (reminder === undefined || edited || version !== undefined) {
      await notes.update(user.id, req.params.noteId, noteFields(fields), {
        from: ['notes'],
        baseVersion: version,
        baseVersionField: 'note.version',
      });
    }
    if (reminder === null) await services.reminders.clear(user.id, req.params.noteId);
    else if (reminder !== undefined) {
      await services.reminders.set(user.id, req.params.noteId, reminder);
    }
    res.status(201).json({ notes: await list(user.id, 'notes') });
  });

  router.delete('/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.trash(user.id, req.params.noteId, ['notes']);
    res
      .status(200)
      .json({ notes: await list(user.id, 'notes'), trash: await list(user.id, 'trash') });
  });

  return router;
}
