/**
 * Every REST route and GraphQL operation that takes a note id, with where the note must be for
 * it to succeed: the access-control matrix and the fuzzer both walk this list.
 */
export type Place = 'notes' | 'archive' | 'trash';

export interface RestRoute {
  method: 'get' | 'post' | 'delete';
  path: (id: string) => string;
  body?: Record<string, unknown>;
}

export const restIdRoutes: RestRoute[] = [
  { method: 'post', path: (id) => `/api/notes/${id}`, body: { note: { title: 'pwned' } } },
  { method: 'delete', path: (id) => `/api/notes/${id}` },
  { method: 'post', path: (id) => `/api/notes/archives/${id}`, body: {} },
  { method: 'post', path: (id) => `/api/notes/trash/${id}` },
  {
    method: 'post',
    path: (id) => `/api/archives/${id}`,
    body: { archiveNote: { title: 'pwned' } },
  },
  { method: 'post', path: (id) => `/api/archives/restore/${id}`, body: {} },
  { method: 'delete', path: (id) => `/api/archives/delete/${id}` },
  { method: 'post', path: (id) => `/api/trash/restore/${id}` },
  { method: 'delete', path: (id) => `/api/trash/delete/${id}` },
];

export const restListRoutes = ['/api/user', '/api/notes', '/api/archives', '/api/trash'];

export const graphqlIdOperations: string[] = [
  `query($id: ID!) { note(id: $id) { id title content } }`,
  `mutation($id: ID!) { updateNote(id: $id, input: { title: "pwned", content: "<p>pwned</p>" }) { id } }`,
  `mutation($id: ID!) { archiveNote(id: $id) { id } }`,
  `mutation($id: ID!) { unarchiveNote(id: $id) { id } }`,
  `mutation($id: ID!) { trashNote(id: $id) { id } }`,
  `mutation($id: ID!) { restoreNote(id: $id) { id } }`,
  `mutation($id: ID!) { deleteNote(id: $id) }`,
  `query($id: ID!) { note(id: $id) { id revisions { id title content } } }`,
  `mutation($id: ID!) { restoreRevision(noteId: $id, revisionId: $id) { id } }`,
];

export const graphqlListQuery = `{ me { id email } notes { totalCount nodes { id title } } archives { totalCount nodes { id title } } trash { totalCount nodes { id title } } labels }`;
