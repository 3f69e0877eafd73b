import {
  fetchReportingReach,
  getConnectionStatus,
  onConnectionStatus,
  setConnectionStatus,
  setServerReachable,
} from './connection-status';

/**
 * The top bar says Offline when the browser says so, and also when requests to the server get
 * no answer while the browser still says it is online (a network with no route out, a server
 * that is down, a browser that does not know): until a request gets an answer again.
 */

const realFetch = globalThis.fetch;
let answer: () => Promise<Response>;

beforeEach(() => {
  globalThis.fetch = jest.fn(() => answer());
  setConnectionStatus('online');
});

afterEach(() => {
  setServerReachable(true);
  globalThis.fetch = realFetch;
});

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const status = (code: number) => () => Promise.resolve(new Response('{}', { status: code }));

it('says offline when a request gets no answer, and what the live connection says once one does', async () => {
  const seen: string[] = [];
  const stop = onConnectionStatus(() => seen.push(getConnectionStatus()));

  answer = noNetwork;
  await expect(fetchReportingReach('/graphql')).rejects.toThrow('Failed to fetch');
  expect(getConnectionStatus()).toBe('offline');
  // The live connection's own news does not hide that the server cannot be reached.
  setConnectionStatus('connecting');
  expect(getConnectionStatus()).toBe('offline');

  answer = status(200);
  const response = await fetchReportingReach('/graphql');
  expect(response.status).toBe(200);
  expect(getConnectionStatus()).toBe('connecting');
  stop();
  expect(seen).toEqual(['offline', 'connecting']);
});

it("takes a gateway's 502, 503 or 504 for a server out of reach, and any other answer for one in reach", async () => {
  for (const code of [502, 503, 504]) {
    answer = status(200);
    await fetchReportingReach('/graphql');
    answer = status(code);
    expect((await fetchReportingReach('/graphql')).status).toBe(code);
    expect(getConnectionStatus()).toBe('offline');
  }
  for (const code of [400, 401, 500]) {
    answer = noNetwork;
    await fetchReportingReach('/graphql').catch(() => undefined);
    answer = status(code);
    await fetchReportingReach('/graphql');
    expect(getConnectionStatus()).toBe('online');
  }
});

it('says nothing of a request the app cancelled', async () => {
  answer = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
  await expect(fetchReportingReach('/graphql')).rejects.toThrow('aborted');
  expect(getConnectionStatus()).toBe('online');
});
