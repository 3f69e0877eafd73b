/**
 * A repeat visit from the local cache (issue 15): /home for the user with 10,000 notes, every one
 * of them in the saved Apollo cache, opened again with the network cut (the service worker serves
 * the app, IndexedDB the notes). Timed from the navigation's start to just after the paint of the
 * first frame holding note cards. Beside it, the no-framework baseline: a page served by its own
 * service worker that reads the same saved value from IndexedDB and draws the same number of
 * plain cards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Page, type Route } from 'playwright-core';

import { chromeFlags, chromiumPath, clientCorpus, signIn, storedAuth } from './client';
import { serveLocally, startJotter } from './lib/server';
import type { SeededUser } from './lib/seed';
import { quantile, type Figure } from './lib/stats';

/** The most notes the server gives in one page (services/note-fields.ts, `pageSize`). */
const SERVER_PAGE = 100;

/**
 * Installed before any page script (plain JS): when the first note cards are on screen, as the
 * browser's Element Timing reports it (the frame's presentation time; every card's elements are
 * marked as they are inserted). `firstCards` is then milliseconds from the navigation's start.
 * The cards may be the saved copy of the page (lib/saved-screen.ts, inert); `appCards` is the
 * same for the first cards the app itself drew, which answer clicks.
 */
export const instrument = `(() => {
  const bench = { firstCards: 0, cards: 0, appCards: 0 };
  window.__repeat = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const time = entry.renderTime || entry.loadTime;
      if (!bench.firstCards) {
        bench.firstCards = time;
        bench.cards = document.querySelectorAll('.note-card').length;
        const [nav] = performance.getEntriesByType('navigation');
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        bench.html = nav ? nav.responseEnd : 0;
        bench.fcp = fcp ? fcp.startTime : 0;
        // When the page's stylesheets and entry script came in (start-end, ms).
        bench.files = performance.getEntriesByType('resource')
          .filter((r) => r.name.endsWith('.css') || r.name.includes('/main-'))
          .map((r) => r.name.split('/').pop() + ' ' + Math.round(r.startTime) + '-' + Math.round(r.responseEnd))
          .join(', ');
      }
      if (!bench.appCards && entry.identifier === 'app') bench.appCards = time;
    }
  }).observe({ type: 'element', buffered: true });
  // Each inserted card, and each card inside an inserted subtree (a saved copy carries the marks
  // of the page it was made from: they are set again).
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const card = node.closest('.note-card');
        const elements = card ? [node, ...node.querySelectorAll('*')] : node.querySelectorAll('.note-card, .note-card *');
        for (const element of elements) {
          element.setAttribute('elementtiming', element.closest('[inert]') ? 'saved' : 'app');
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Painted {
  firstCards: number;
  cards: number;
  appCards: number;
  /** For BENCH_REPEAT_DUMP: the page's HTML in, its first contentful paint, its main files. */
  html?: number;
  fcp?: number;
  files?: string;
}

/**
 * The baseline page: reads the app's saved cache from IndexedDB (the record its first screen
 * reads) and draws its list's first cards.
 */
const baselinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Repeat baseline</title>
</head><body><main><h1>Notes</h1><ul id="list"></ul></main>
<script>
navigator.serviceWorker.register('/sw.js');
const params = new URLSearchParams(location.search);
const key = params.get('key');
const cards = Number(params.get('cards'));
const open = indexedDB.open('jotter');
open.onupgradeneeded = () => open.result.createObjectStore('apollo-cache');
open.onsuccess = () => {
  if (!key) return;
  const get = open.result.transaction('apollo-cache').objectStore('apollo-cache').get(key);
  get.onsuccess = () => {
    if (!get.result) return;
    const data = get.result.data;
    const field = Object.keys(data.ROOT_QUERY).find((name) => name.startsWith('notes'));
    const list = document.getElementById('list');
    const notes = data.ROOT_QUERY[field].nodes.map(({ __ref }) => data[__ref]).filter(Boolean);
    list.replaceChildren(...notes.slice(0, cards).map((n) => {
      const li = document.createElement('li');
      const h = document.createElement('h3'); h.textContent = n.title;
      const p = document.createElement('p'); p.textContent = n.textContent.slice(0, 300);
      const t = document.createElement('p'); t.textContent = n.tags.join(', ') + ' · ' + n.createdAt;
      li.className = 'note-card'; li.append(h, p, t); return li;
    }));
  };
};
</script></body></html>`;

/** The baseline's service worker: the page from its cache, as the app's shell comes from its. */
const baselineWorker = `
self.addEventListener('install', (e) => e.waitUntil(caches.open('b').then((c) => c.add('/repeat'))));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.mode === 'navigate') e.respondWith(caches.match('/repeat'));
});`;

async function startBaseline() {
  return serveLocally((req, res) => {
    req.resume();
    const [pathname] = (req.url ?? '/').split('?');
    if (pathname === '/repeat') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(baselinePage);
    } else if (pathname === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(baselineWorker);
    } else {
      res.writeHead(404).end();
    }
  });
}

interface Connection {
  nodes: unknown[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * The whole main list as one answer to the client's own NotesList query: the server's pages of
 * 100 joined, so one visit puts every note into the app's cache as if the user had scrolled to
 * the end (the cache appends each page to the same entry).
 */
async function wholeList(graphql: string, token: string, body: string): Promise<string> {
  const request = JSON.parse(body) as { variables: Record<string, unknown> };
  const nodes: unknown[] = [];
  let after: string | null = null;
  let list: Connection;
  do {
    const res = await fetch(graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        ...request,
        variables: { ...request.variables, first: SERVER_PAGE, after },
      }),
    });
    const answer = (await res.json()) as { data?: { list: Connection } };
    if (!answer.data) throw new Error(`NotesList answered ${JSON.stringify(answer)}`);
    list = answer.data.list;
    nodes.push(...list.nodes);
    after = list.pageInfo.endCursor;
  } while (list.pageInfo.hasNextPage);
  return JSON.stringify({ data: { list: { ...list, nodes } } });
}

/** Every record of the app's saved caches, key and value (structured clones, as JSON). */
function savedRecords(page: Page): Promise<[string, unknown][]> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((d) => d.name === 'jotter')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('jotter');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
    });
    try {
      if (!db.objectStoreNames.contains('apollo-cache')) return [];
      const store = db.transaction('apollo-cache').objectStore('apollo-cache');
      // Plain promises: a named helper here would need tsx's own helpers, absent in the page.
      const keys = store.getAllKeys() as IDBRequest<string[]>;
      const values = store.getAll();
      await new Promise((resolve, reject) => {
        values.onsuccess = resolve;
        values.onerror = () => reject(values.error ?? new Error('IndexedDB would not read'));
      });
      return keys.result.map((key, i): [string, unknown] => [key, values.result[i]]);
    } finally {
      db.close();
    }
  });
}

/**
 * Notes in the saved cache of `userId` (its first screen's record and the rest), and the notes
 * its main list holds.
 */
function savedCounts(records: [string, unknown][], userId: string) {
  const byKey = new Map(records);
  const first = byKey.get(`apollo-cache:${userId}`) as
    { data?: Record<string, Record<string, unknown>> } | undefined;
  const later = (byKey.get(`apollo-cache:${userId}:later`) ?? {}) as Record<string, unknown>;
  const data = first?.data ?? {};
  const root = data.ROOT_QUERY ?? {};
  const field = Object.keys(root).find((name) => name.startsWith('notes'));
  // A long list is saved cut to its first page, and whole with the rest.
  const laterRoot = (later.ROOT_QUERY ?? {}) as Record<string, unknown>;
  const list = field ? (laterRoot[field] ?? root[field]) : undefined;
  const listed = list ? (list as { nodes: unknown[] }).nodes.length : 0;
  const notes = [...Object.keys(data), ...Object.keys(later)].filter((id) =>
    id.startsWith('Note:'),
  ).length;
  return { notes, listed };
}

/**
 * Opens `url` in `page` (from about:blank, so nothing of the last visit's document is left) and
 * waits for the first cards' paint. One tab for every visit: each new tab would also start the
 * browser's own omnibox pages, whose work would land in the figure.
 */
export async function visit(page: Page, url: string): Promise<Painted> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const { firstCards, appCards } = (window as unknown as { __repeat: Painted }).__repeat;
      return firstCards > 0 && appCards > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => (window as unknown as { __repeat: Painted }).__repeat);
}

async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * The first visit to `origin` (a Jotter server) as `auth`'s user, in `page`: the app installs its
 * service worker and saves its cache, with every one of `user`'s notes in it (the list query's
 * answer is every note: see `wholeList`). Resolves once the saved cache holds them all and the
 * service worker is active; returns the saved records.
 */
export async function firstVisit(
  page: Page,
  origin: string,
  auth: Record<string, string>,
  user: SeededUser,
): Promise<[string, unknown][]> {
  await signIn(page, origin, auth);
  let answer: Promise<string> | undefined;
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postData() ?? '';
    const request = JSON.parse(body || '{}') as {
      operationName?: string;
      variables?: { after?: string | null; filter?: object };
    };
    const whole =
      request.operationName === 'NotesList' &&
      !request.variables?.after &&
      Object.keys(request.variables?.filter ?? {}).length === 0;
    if (!whole) return route.continue();
    answer ??= wholeList(`${origin}/graphql`, auth.token!, body);
    // After the bench has moved on (or failed), the page's late requests are simply dropped.
    return answer.then(
      (whole) => route.fulfill({ contentType: 'application/json', body: whole }),
      () => route.abort(),
    );
  });
  await page.goto(`${origin}/home`);
  await serviceWorkerReady(page);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const saved = savedCounts(await savedRecords(page), user.id);
    if (saved.notes >= user.notes && saved.listed >= user.notes) break;
    if (Date.now() > deadline) throw new Error(`the saved cache holds ${JSON.stringify(saved)}`);
    await page.waitForTimeout(500);
  }
  const records = await savedRecords(page);
  await page.unrouteAll();
  return records;
}

/** Which build a repeat-visit run measures (the current one by default): for A/Bs. */
export interface Build {
  /** A client dist folder. */
  clientDist?: string;
  /** A server bundle (a built `server/dist/index.js`). */
  serverEntry?: string;
}

/** The figures: nav → first cards painted, p50 and p95, beside the baseline page. */
export async function repeatVisitFigures(
  quick: boolean,
  { clientDist, serverEntry }: Build = {},
  runs = quick ? 7 : 21,
): Promise<Figure[]> {
  const warmUp = 2;
  const { file, users } = await clientCorpus();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-repeat-'));
  const db = path.join(tmp, 'jotter.db');
  fs.copyFileSync(file, db);
  const big = users[1] as SeededUser;
  const jotter = await startJotter(
    `file:${db}`,
    clientDist ? { CLIENT_DIST: path.resolve(clientDist) } : {},
    serverEntry ? path.resolve(serverEntry) : undefined,
  );
  const baseline = await startBaseline();
  const auth = storedAuth(db, big);
  const key = `apollo-cache:${big.id}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromeFlags,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: instrument });

    // The first visit: the app installs its service worker and saves its cache, every note in.
    const page = context.pages()[0] ?? (await context.newPage());
    const records = await firstVisit(page, jotter.url, auth, big);

    // The baseline's origin gets the same saved records and its own service worker.
    const basePage = page;
    await basePage.goto(`${baseline.origin}/repeat`);
    await serviceWorkerReady(basePage);
    await basePage.evaluate(async (entries) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('jotter');
        open.onupgradeneeded = () => open.result.createObjectStore('apollo-cache');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('apollo-cache', 'readwrite');
        for (const [k, v] of entries) tx.objectStore('apollo-cache').put(v, k);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB would not write'));
      });
      db.close();
    }, records);

    // Repeat visits with the network cut: nothing but the browser's own caches.
    await context.setOffline(true);
    const ours: Painted[] = [];
    const base: Painted[] = [];
    for (let i = 0; i < warmUp + runs; i += 1) {
      const o = await visit(page, `${jotter.url}/home`);
      const b = await visit(page, `${baseline.origin}/repeat?key=${key}&cards=${o.cards}`);
      if (process.env.BENCH_REPEAT_DUMP) console.log(JSON.stringify({ run: i, ours: o, base: b }));
      if (i < warmUp) continue;
      ours.push(o);
      base.push(b);
    }
    // The saved cache still holds every note: the visits measured the same restore.
    await page.goto(`${jotter.url}/favicon.svg`);
    const after = savedCounts(await savedRecords(page), big.id);
    if (after.notes < big.notes || after.listed < big.notes) {
      throw new Error(`the saved cache changed during the visits: ${JSON.stringify(after)}`);
    }
    // BENCH_REPEAT_TRACE=file.json: a Chrome trace of one more visit, for the Performance panel.
    if (process.env.BENCH_REPEAT_TRACE) {
      await browser.startTracing(undefined, {
        path: process.env.BENCH_REPEAT_TRACE,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'v8.execute',
        ],
      });
      await visit(page, `${jotter.url}/home`);
      await browser.stopTracing();
    }
    // BENCH_REPEAT_CPUPROF=file.cpuprofile: the page's CPU profile of one more visit (100 µs
    // samples), for the Performance panel or any .cpuprofile reader.
    if (process.env.BENCH_REPEAT_CPUPROF) {
      await page.goto('about:blank');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await visit(page, `${jotter.url}/home`);
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_REPEAT_CPUPROF, JSON.stringify(profile));
    }

    const cards = ours[0]!.cards;
    const figure = (q: number, label: string, drawn: 'firstCards' | 'appCards'): Figure => {
      const value = quantile(
        ours.map((r) => r[drawn]),
        q,
      );
      const floor = quantile(
        base.map((r) => r.firstCards),
        q,
      );
      const what =
        drawn === 'firstCards'
          ? `first ${cards} cards painted`
          : "the app's own first cards painted (they answer clicks)";
      return {
        section: 'client',
        figure: `repeat visit, offline, 10,000 notes cached: navigation → ${what} ${label} (${runs} visits)`,
        value,
        unit: 'ms',
        baseline: floor,
        ratio: floor / value,
        ...(drawn === 'firstCards'
          ? { target: '≤ 150 ms', holds: value <= 150 }
          : { target: '', holds: null }),
      };
    };
    return [
      figure(0.5, 'p50', 'firstCards'),
      figure(0.95, 'p95', 'firstCards'),
      figure(0.5, 'p50', 'appCards'),
      figure(0.95, 'p95', 'appCards'),
    ];
  } finally {
    await browser.close();
    await baseline.close();
    await jotter.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
