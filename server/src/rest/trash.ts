import { Router } from 'express';

import type { Services } from '../services';
import { currentUser } from './context';
import { listLoader } from './lists';

/** /trash: trashed notes (spec §7). */
export function trashRouter(services: Services): Router {
  const router = Router();
  const { notes } = services;
  const list = listLoader(services);

  router.get('/', async (_req, res) => {
    res.json({ trash: await list(currentUser(res).id, 'trash') });
  });

  router.post('/restore/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.restore(user.id, req.params.noteId);
    const [notesList, trash, archives] = await Promise.all([
      list(user.id, 'notes'),
      list(user.id, 'trash'),
      list(user.id, 'archive'),
    ]);
    res.status(201).json({ notes: notesList, trash, archives });
  });

  router.delete('/delete/:noteId', async (req, res) => {
    const user = currentUser(res);
    await notes.deleteForever(user.id, req.params.noteId);
    res.status(200).json({ trash: await list(user.id, 'trash') });
  });

  return router;
}
