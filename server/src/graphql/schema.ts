import fs from 'node:fs';
import path from 'node:path';

import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';

import { repoRoot } from '../paths';
import { resolvers } from './resolvers';

/** schema.graphql at the repository root: the one source of the API's shape. */
const typeDefs = fs.readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8');

/** The executable schema, served by Apollo over HTTP and by graphql-ws over WebSocket alike. */
export const createSchema = (): GraphQLSchema => makeExecutableSchema({ typeDefs, resolvers });
