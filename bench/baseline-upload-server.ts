/**
 * The upload baseline: a bare Express server that takes a raw body (`express.raw`, whole in
 * memory) and writes it to a file in UPLOAD_DIR. No auth, no type sniffing, no image work, no
 * database: the floor under Jotter's POST /api/attachments.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import express from 'express';

const dir = process.env.UPLOAD_DIR!;
const app = express();
app.get('/healthz', (_req, res) => {
  res.send('ok');
});
app.post('/upload', express.raw({ type: () => true, limit: '25mb' }), async (req, res) => {
  const id = crypto.randomUUID();
  const body = req.body as Buffer;
  await fs.writeFile(path.join(dir, id), body);
  res.status(201).json({ attachment: { _id: id, size: body.length } });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
