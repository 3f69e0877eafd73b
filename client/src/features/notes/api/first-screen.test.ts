import { ApolloClient, ApolloLink } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable } from 'rxjs';
import { createCache } from '../../../lib/apollo-client';
import { INITIAL_SEARCH, toNoteFilter } from '../../search/hooks/search-state';
import { PAGE_SIZE } from '../hooks/use-note-list';
import { earlyAnswerLink, EARLY_ANSWER_MAX_AGE_MS } from './early-answer-link';
import {
  FIRST_PAGE_QUERY,
  FIRST_PAGE_VARIABLES,
  LABELS_QUERY,
  requestFirstScreenEarly,
} from './first-screen';
import { LabelsDocument, NotesListDocument } from './note-queries';

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

const labels = (label: string) => ({ data: { labels: [label] } });

/** A client whose network is a recorder: every request that reaches it is kept in `sent`. */
function clientWithNetwork() {
  const sent: Array<{ query: string; variables: unknown }> = [];
  const network = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        sent.push({ query: print(operation.query), variables: operation.variables });
        observer.next(
          operation.operationName === 'Labels'
            ? labels('From the network')
            : page('From the network'),
        );
        observer.complete();
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([earlyAnswerLink, network]),
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
  const firstLabels = async () => {
    const { data } = await client.query({ query: LabelsDocument, fetchPolicy: 'network-only' });
    return data?.labels;
  };
  return { sent, firstPage, firstLabels };
}

function earlyAnswer(result: Promise<unknown>, overrides: { token?: string; at?: number } = {}) {
  window.__jotterEarly = new Map([
    [
      'NotesList',
      {
        operationName: 'NotesList',
        query: FIRST_PAGE_QUERY,
        variables: FIRST_PAGE_VARIABLES,
        token: overrides.token ?? 'tok',
        at: overrides.at ?? performance.now(),
        result,
      },
    ],
  ]);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('isAuth', 'true');
  delete window.__jotterEarly;
});

describe('the early answers', () => {
  it('asks for exactly what the list asks for on arrival, as Apollo prints it', async () => {
    expect(FIRST_PAGE_VARIABLES).toEqual({
      filter: toNoteFilter(INITIAL_SEARCH),
      first: PAGE_SIZE,
    });
    const { sent, firstPage } = clientWithNetwork();
    await firstPage();
    expect(sent).toEqual([{ query: FIRST_PAGE_QUERY, variables: FIRST_PAGE_VARIABLES }]);
  });

  it('asks for exactly what the labels query asks, as Apollo prints it', async () => {
    const { sent, firstLabels } = clientWithNetwork();
    await firstLabels();
    expect(sent).toEqual([{ query: LABELS_QUERY, variables: {} }]);
  });

  it('answers each request from its own early answer, once', async () => {
    earlyAnswer(Promise.resolve(page('From the early request')));
    window.__jotterEarly?.set('Labels', {
      operationName: 'Labels',
      query: LABELS_QUERY,
      variables: {},
      token: 'tok',
      at: performance.now(),
      result: Promise.resolve(labels('early')),
    });
    const { sent, firstPage, firstLabels } = clientWithNetwork();
    expect(await firstLabels()).toEqual(['early']);
    expect(await firstPage()).toBe('From the early request');
    expect(sent).toHaveLength(0);
    expect(await firstLabels()).toEqual(['From the network']);
    expect(sent).toHaveLength(1);
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
      { at: performance.now() - EARLY_ANSWER_MAX_AGE_MS - 1 },
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
        earlyAnswerLink,
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
    expect(window.__jotterEarly?.has('NotesList')).toBe(true);
  });
});

describe('requestFirstScreenEarly', () => {
  // jsdom has no Response: the early request only reads `ok`, `status` and `json()`.
  const fetchMock = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(page('x')) }),
  );

  beforeEach(() => {
    fetchMock.mockClear();
    window.fetch = fetchMock as unknown as typeof fetch;
  });

  const bodies = () =>
    (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).map(([url, init]) => {
      expect(url).toBe('/graphql');
      expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
      return JSON.parse(init.body as string) as unknown;
    });

  it('asks for the first page and the labels on /home for a signed-in user, with their token', async () => {
    window.history.pushState({}, '', '/home');
    requestFirstScreenEarly();
    expect(bodies()).toEqual([
      { operationName: 'NotesList', query: FIRST_PAGE_QUERY, variables: FIRST_PAGE_VARIABLES },
      { operationName: 'Labels', query: LABELS_QUERY, variables: {} },
    ]);
    await expect(window.__jotterEarly?.get('NotesList')?.result).resolves.toEqual(page('x'));
  });

  it('asks only for the labels on /archive', () => {
    window.history.pushState({}, '', '/archive');
    requestFirstScreenEarly();
    expect(bodies()).toEqual([{ operationName: 'Labels', query: LABELS_QUERY, variables: {} }]);
    expect([...(window.__jotterEarly?.keys() ?? [])]).toEqual(['Labels']);
  });

  it('asks for nothing on another page, or when nobody is signed in', () => {
    window.history.pushState({}, '', '/trash');
    requestFirstScreenEarly();
    window.history.pushState({}, '', '/constructor');
    requestFirstScreenEarly();
    window.history.pushState({}, '', '/home');
    localStorage.removeItem('isAuth');
    requestFirstScreenEarly();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__jotterEarly).toBeUndefined();
  });
});
