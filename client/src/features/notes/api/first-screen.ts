/**
 * What the first screen of a list page asks the server for: requested by the boot script
 * (src/boot.ts) before the app's code has loaded, and handed to Apollo by early-answer-link.ts
 * when the app asks for that very request.
 *
 * Only the boot script imports this module, and it imports nothing. Each query is the app's
 * document exactly as Apollo prints it for the network (with the `__typename` fields Apollo
 * adds): first-screen.test.ts fails when they drift apart, and the link only uses an early
 * answer for a request whose printed query is this very text.
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

/** Every label, which the search bar and the label menus show. */
export const LABELS_QUERY = `query Labels {
  labels
}`;

/** A GraphQL request as Apollo sends it. */
export interface EarlyRequest {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
}

const FIRST_PAGE: EarlyRequest = {
  operationName: 'NotesList',
  query: FIRST_PAGE_QUERY,
  variables: FIRST_PAGE_VARIABLES,
};
const LABELS: EarlyRequest = { operationName: 'Labels', query: LABELS_QUERY, variables: {} };

/** The requests each page's first screen makes, by path. */
export const FIRST_SCREEN_REQUESTS = new Map<string, readonly EarlyRequest[]>([
  ['/home', [FIRST_PAGE, LABELS]],
  ['/archive', [LABELS]],
]);

/** A request made early: what was asked, with which token, when, and the answer to come. */
export interface EarlyAnswer extends EarlyRequest {
  token: string;
  /** performance.now() when it was requested. */
  at: number;
  result: Promise<unknown>;
}

declare global {
  interface Window {
    /** The early answers not yet taken, by operation name. */
    __jotterEarly?: Map<string, EarlyAnswer>;
  }
}

/**
 * Starts the first screen's requests for the page being opened when a user is signed in; the
 * answers wait on `window` for the app. A failed request is simply not used.
 */
export function requestFirstScreenEarly(): void {
  const requests = FIRST_SCREEN_REQUESTS.get(window.location.pathname);
  if (!requests) return;
  const token = localStorage.getItem('token') ?? '';
  if (!token || localStorage.getItem('isAuth') !== 'true') return;
  const early = new Map<string, EarlyAnswer>();
  for (const request of requests) {
    const result = fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(request),
    }).then((response) => {
      if (!response.ok) throw new Error(`early ${request.operationName}: HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    // Nobody may ever take it (the app may not ask for it): never an unhandled rejection.
    result.catch(() => undefined);
    early.set(request.operationName, { ...request, token, at: performance.now(), result });
  }
  window.__jotterEarly = early;
}
