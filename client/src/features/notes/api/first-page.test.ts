import { ApolloClient, ApolloLink } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable } from 'rxjs';
import { createCache } from '../../../lib/apollo-client';
import { INITIAL_SEARCH, toNoteFilter } from '../../search/hooks/search-state';
import { PAGE_SIZE } from '../hooks/use-note-list';
import { earlyFirstPageLink, EARLY_FIRST_PAGE_MAX_AGE_MS } from './early-first-page-link';
import { FIRST_PAGE_QUERY, FIRST_PAGE_VARIABLES, requestFirstPageEarly } from './first-page';
import { NotesListDocument } from './note-queries';

const note = {
  __typename: 'Note',
  id: 'n1',
  title: 'From the early request',
  content: '<p>x</p>',
  textContent: 'x',
  color: '',
  priority: null,
  tags: [],
  location: 'NOTES',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const page = (title: string) => ({
  data: {
    notes: {
      __typename: 'NoteConnection',
      nodes: [{ ...note, title }],
      pageInfo: { __typename: 'PageInfo', endCursor: 'c1', hasNextPage: false },
    },
  },
});

/** A client whose network is a recorder: every request that reaches it is kept in `sent`. */
function clientWithNetwork() {
  const sent: Array<{ query: string; variables: unknown }> = [];
  const network = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        sent.push({ query: print(operation.query), variables: operation.variables });
        observer.next(page('From the network'));
        observer.complete();
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([earlyFirstPageLink, network]),
    cache: createCache(),
  });
  const firstPage = async () => {
    const { data } = await client.query({
      query: NotesListDocument,
      variables: FIRST_PAGE_VARIABLES,
      fetchPolicy: 'network-only',
    });
    return data?.notes.nodes[0]?.title;
  };
  return { sent, firstPage };
}

function earlyAnswer(result: Promise<unknown>, overrides: { token?: string; at?: number } = {}) {
  window.__jotterFirstPage = {
    operationName: 'NotesList',
    query: FIRST_PAGE_QUERY,
    variables: FIRST_PAGE_VARIABLES,
    token: overrides.token ?? 'tok',
    at: overrides.at ?? performance.now(),
    result,
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('isAuth', 'true');
  delete window.__jotterFirstPage;
});

describe('the early first page', () => {
  it('asks for exactly what the list asks for on arrival, as Apollo prints it', async () => {
    expect(FIRST_PAGE_VARIABLES).toEqual({
      filter: toNoteFilter(INITIAL_SEARCH),
      first: PAGE_SIZE,
    });
    const { sent, firstPage } = clientWithNetwork();
    await firstPage();
    expect(sent).toEqual([{ query: FIRST_PAGE_QUERY, variables: FIRST_PAGE_VARIABLES }]);
  });

  it('answers the first request from the early answer, once, without going to the network', async () => {
    earlyAnswer(Promise.resolve(page('From the early request')));
    const { sent, firstPage } = clientWithNetwork();
    expect(await firstPage()).toBe('From the early request');
    expect(sent).toHaveLength(0);
    expect(await firstPage()).toBe('From the network');
    expect(sent).toHaveLength(1);
  });

  it('goes to the network when the early request failed', async () => {
    earlyAnswer(Promise.reject(new Error('offline')));
    const { sent, firstPage } = clientWithNetwork();
    expect(await firstPage()).toBe('From the network');
    expect(sent).toHaveLength(1);
  });

  it('ignores an early answer made with another token, or too long ago', async () => {
    for (const overrides of [
      { token: 'someone-else' },
      { at: performance.now() - EARLY_FIRST_PAGE_MAX_AGE_MS - 1 },
    ]) {
      earlyAnswer(Promise.resolve(page('From the early request')), overrides);
      const { sent, firstPage } = clientWithNetwork();
      expect(await firstPage()).toBe('From the network');
      expect(sent).toHaveLength(1);
    }
  });

  it('leaves an early answer alone for any other request', async () => {
    earlyAnswer(Promise.resolve(page('From the early request')));
    const { sent } = clientWithNetwork();
    const client = new ApolloClient({
      link: ApolloLink.from([
        earlyFirstPageLink,
        new ApolloLink(
          (operation) =>
            new Observable<ApolloLink.Result>((observer) => {
              sent.push({ query: print(operation.query), variables: operation.variables });
              observer.next(page('From the network'));
              observer.complete();
            }),
        ),
      ]),
      cache: createCache(),
    });
    const { data } = await client.query({
      query: NotesListDocument,
      variables: { filter: { search: 'milk' }, first: PAGE_SIZE },
    });
    expect(data?.notes.nodes[0]?.title).toBe('From the network');
    expect(window.__jotterFirstPage).toBeDefined();
  });
});

describe('requestFirstPageEarly', () => {
  // jsdom has no Response: the early request only reads `ok`, `status` and `json()`.
  const fetchMock = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(page('x')) }),
  );

  beforeEach(() => {
    fetchMock.mockClear();
    window.fetch = fetchMock as unknown as typeof fetch;
  });

  it('asks for the first page on /home for a signed-in user, with their token', async () => {
    window.history.pushState({}, '', '/home');
    requestFirstPageEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body as string)).toEqual({
      operationName: 'NotesList',
      query: FIRST_PAGE_QUERY,
      variables: FIRST_PAGE_VARIABLES,
    });
    await expect(window.__jotterFirstPage?.result).resolves.toEqual(page('x'));
  });

  it('asks for nothing on another page, or when nobody is signed in', () => {
    window.history.pushState({}, '', '/archive');
    requestFirstPageEarly();
    window.history.pushState({}, '', '/home');
    localStorage.removeItem('isAuth');
    requestFirstPageEarly();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__jotterFirstPage).toBeUndefined();
  });
});
