/**
 * The first page of /home, requested by the boot script (src/boot.ts) before the app's code has
 * loaded, and handed to Apollo by early-first-page-link.ts when the list asks for that very page.
 *
 * Only the boot script imports this module, and it imports nothing, so it is part of the boot
 * chunk. FIRST_PAGE_QUERY is NotesListDocument exactly as Apollo prints it for the network
 * (with the `__typename` fields Apollo adds): first-page.test.ts fails when the two drift apart,
 * and the link only uses an early answer for a request whose printed query is this very text.
 */
export const FIRST_PAGE_QUERY = `query NotesList($filter: NoteFilter, $first: Int, $after: String) {
  notes(filter: $filter, first: $first, after: $after) {
    ...NotePage
    __typename
  }
}

fragment NoteFields on Note {
  id
  title
  content
  textContent
  color
  priority
  tags
  location
  createdAt
  updatedAt
  __typename
}

fragment NotePage on NoteConnection {
  nodes {
    ...NoteFields
    __typename
  }
  pageInfo {
    endCursor
    hasNextPage
    __typename
  }
  __typename
}`;

/** What the list asks for on arrival: no search, no filter, the first 30 notes. */
export const FIRST_PAGE_VARIABLES = { filter: {}, first: 30 };

/** The paths whose first screen is the main list. */
export const FIRST_PAGE_PATHS = ['/home'];

/** An answer requested early: what was asked, with which token, when, and the answer to come. */
export interface EarlyFirstPage {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  token: string;
  /** performance.now() when it was requested. */
  at: number;
  result: Promise<unknown>;
}

declare global {
  interface Window {
    __jotterFirstPage?: EarlyFirstPage;
  }
}

/**
 * Starts the first page's request when the page being opened shows it and a user is signed in;
 * the answer waits on `window` for the app. A failed request is simply not used.
 */
export function requestFirstPageEarly(): void {
  if (!FIRST_PAGE_PATHS.includes(window.location.pathname)) return;
  const token = localStorage.getItem('token') ?? '';
  if (!token || localStorage.getItem('isAuth') !== 'true') return;
  const request = {
    operationName: 'NotesList',
    query: FIRST_PAGE_QUERY,
    variables: FIRST_PAGE_VARIABLES,
  };
  const result = fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(request),
  }).then((response) => {
    if (!response.ok) throw new Error(`early first page: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  // Nobody may ever take it (the app may not ask for it): never an unhandled rejection.
  result.catch(() => undefined);
  window.__jotterFirstPage = { ...request, token, at: performance.now(), result };
}
