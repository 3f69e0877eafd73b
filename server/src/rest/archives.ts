import { Router } from 'express';
import { z } from 'zod';

import type { Services } from '../services';
import { badInput } from '../errors';
import { currentUser } from './context';
import { listLoader } from './lists';
import { editedNote, noteFields, parseBody } from './validate';

const archiveEditBody = z.object({
  archiveNote: editedNote.optional(),
  note: editedNote.optional(),
});

/** /archives: archived notes (spec §7, plus editing an archived note). */
export function archivesRouter(services: Services): Router {
  const router = Router();
  const { notes } = services;
  const list = listLoader(services);

  router.get('/', async (_req, res) => {
    res.json({ archives: await list(currentUser(res).id, 'archive') });
  });

  router.post('/restore/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.unarchive(user.id, req.params.noteId);
    res
      .status(200)
      .json({ archives: await list(user.id, 'archive'), notes: await list(user.id, 'notes') });
  });

  router.delete('/delete/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.trash(user.id, req.params.noteId, ['archive']);
    res
      .status(200)
      .json({ archives: await list(user.id, 'archive'), trash: await list(user.id, 'trash') });
  });

  router.post('/:noteId', async (req, res) => {
    const body = parseBody(req, archiveEditBody);
    const sent = body.archiveNote ?? body.note;
    if (!sent) throw badInput('archiveNote', 'is required');
    const { version, ...fields } = sent;
    const user = currentUser(res);
    await notes.update(user.id, req.params.noteId, noteFields(fields), {
      from: ['archive'],
      baseVersion: version,
      baseVersionField: body.archiveNote ? 'archiveNote.version' : 'note.version',
    });
    res.status(200).json({ archives: await list(user.id, 'archive') });
  });

  return router;
}
