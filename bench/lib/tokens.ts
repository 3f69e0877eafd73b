import jwt from 'jsonwebtoken';

import { jwtSecret } from './server';
import type { SeededUser } from './seed';

/** A token the Jotter server under test accepts for `user` (signed with its JWT_SECRET). */
export const tokenFor = (user: SeededUser) =>
  jwt.sign({ sub: user.id, email: user.email, ver: 0 }, jwtSecret, {
    algorithm: 'HS256',
    expiresIn: '2h',
  });
