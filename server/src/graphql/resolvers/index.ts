import type { Resolvers } from '../generated/resolvers-types';
import { Mutation } from './mutation';
import { Note, NoteConnection } from './note';
import { Query } from './query';
import { Subscription } from './subscription';
import { User } from './user';

export const resolvers: Resolvers = { Query, Mutation, Subscription, Note, NoteConnection, User };
