/**
 * Ticking a checklist item on a card: /home for the user with 10,000 notes, a checklist note on
 * top, its items ticked and unticked by a mouse click, each timed from the click to the frame
 * after the card's checklist changed (the item moves between the open and the ticked ones).
 * Beside it, the no-framework baseline page (bench/client.ts) with the same checklist card doing
 * the same DOM change in a plain change handler.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Page } from 'playwright-core';

import { chromeFlags, chromiumPath, clientCorpus, signIn, storedAuth } from './client';
import { freePort, startJotter } from './lib/server';
import type { SeededUser } from './lib/seed';
import { quantile, type Figure } from './lib/stats';

const ITEMS = ['Milk', 'Eggs', 'Bread', 'Butter', 'Apples', 'Coffee', 'Rice', 'Soap'];
const CONTENT = `<ul data-checklist>${ITEMS.map((item) => `<li data-checked="false">${item}</li>`).join('')}</ul>`;

/**
 * Installed before any page script (plain JS). A click on a checkbox starts a timing; from the
 * click's own capture listener (so ahead of anything the page schedules), each frame is followed
 * to just after its paint (a task queued from its animation frame) until one holds a change
 * inside a checklist: the click → painted time. Work the page queues after that frame is not in
 * the figure; work that holds the frame back is. Answers to UpdateNote are counted, so each
 * tick can start from rest.
 */
const instrument = `(() => {
  const ticks = [];
  window.__ticks = ticks;
  window.__saves = 0;
  const baseFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await baseFetch(input, init);
    if (typeof (init && init.body) === 'string' && init.body.includes('UpdateNote')) {
      res.clone().text().then(() => { window.__saves += 1; });
    }
    return res;
  };
  let changed = false;
  document.addEventListener('click', (e) => {
    if (!(e.target instanceof HTMLInputElement) || e.target.type !== 'checkbox') return;
    const at = e.timeStamp;
    changed = false;
    const nextFrame = () => requestAnimationFrame(() => setTimeout(() => {
      if (changed) ticks.push(performance.now() - at);
      else nextFrame();
    }, 0));
    nextFrame();
  }, true);
  new MutationObserver((records) => {
    if (records.some((r) => r.target instanceof Element && r.target.closest('.rt-checklist-block'))) changed = true;
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The baseline: one card with the same checklist, open items first, ticked ones below. */
const baselinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Checklist baseline</title>
</head><body><main><h1>Notes</h1><ul id="list"><li class="note-card"><h3>Groceries</h3>
<div class="rt-checklist-block"><ul class="rt-checklist"></ul><ul class="rt-checklist rt-checklist--ticked"></ul></div>
</li></ul></main>
<script>
const [open, ticked] = document.querySelectorAll('.rt-checklist');
for (const text of ${JSON.stringify(ITEMS)}) {
  const li = document.createElement('li');
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  label.append(box, text);
  li.append(label);
  open.append(li);
}
document.querySelector('.rt-checklist-block').addEventListener('change', (e) => {
  const li = e.target.closest('li');
  (e.target.checked ? ticked : open).append(li);
});
</script></body></html>`;

/** Ticks then unticks an item `count` times; the click → painted time of each. */
async function tickRun(page: Page, count: number, settled: (n: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += 1) {
    const selector =
      i % 2 === 0
        ? '.rt-checklist:not(.rt-checklist--ticked) input[type=checkbox]'
        : '.rt-checklist--ticked input[type=checkbox]';
    await page.locator(selector).first().click();
    await page.waitForFunction(
      (n) => (window as unknown as { __ticks: number[] }).__ticks.length >= n,
      i + 1,
    );
    await settled(i + 1);
  }
  return page.evaluate(() => (window as unknown as { __ticks: number[] }).__ticks);
}

/** The figure: "tick a checklist item on a card → painted" p95, beside the baseline page. */
export async function checklistFigure(quick: boolean): Promise<Figure> {
  const ticks = quick ? 20 : 60;
  const warmUp = 4;
  const { file, users } = await clientCorpus();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-checklist-'));
  const db = path.join(tmp, 'jotter.db');
  fs.copyFileSync(file, db);
  const big = users[1] as SeededUser;
  const jotter = await startJotter(`file:${db}`);
  const auth = storedAuth(db, big);
  const added = await fetch(`${jotter.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` },
    body: JSON.stringify({
      query: 'mutation ($input: NoteInput!) { addNote(input: $input) { id } }',
      variables: { input: { title: 'Groceries', content: CONTENT } },
    }),
  });
  if (!added.ok) throw new Error(`addNote answered ${added.status}: ${await added.text()}`);
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(baselinePage);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromeFlags,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: instrument });
    const page = await context.newPage();
    await signIn(page, jotter.url, auth);
    await page.goto(`${jotter.url}/home`);
    const card = page.locator('.note-card', { hasText: 'Groceries' }).first();
    await card.locator('.rt-checklist input[type=checkbox]').first().waitFor();
    // Ticks start once the page has settled: the first screen's cards are in (a list draws 8,
    // then more only as the user scrolls) and the editor, which loads when the browser is first
    // idle, has arrived (its loading would land in the ticks).
    await page.waitForFunction(() => document.querySelectorAll('.note-card').length >= 8);
    await page
      .getByRole('region', { name: 'New note' })
      .getByRole('textbox', { name: 'Note body' })
      .waitFor();
    // Each tick from rest: the server has answered the one before.
    const ours = await tickRun(page, ticks, async (n) => {
      await page.waitForFunction(
        (saves) => (window as unknown as { __saves: number }).__saves >= saves,
        n,
      );
      await card.and(page.locator('[aria-busy="false"]')).waitFor();
    });
    const basePage = await context.newPage();
    await basePage.goto(`http://127.0.0.1:${port}/`);
    const base = await tickRun(basePage, ticks, () => Promise.resolve());
    if (process.env.BENCH_TICKS_DUMP) console.log(JSON.stringify({ ours, base }));
    const p95 = quantile(ours.slice(warmUp), 0.95);
    const baseP95 = quantile(base.slice(warmUp), 0.95);
    return {
      section: 'client',
      figure: `/home 10,000 notes: tick a checklist item on a card → painted p95 (${ticks - warmUp} ticks and unticks after ${warmUp})`,
      value: p95,
      unit: 'ms',
      baseline: baseP95,
      ratio: baseP95 / p95,
      target: '≤ 50 ms',
      holds: p95 <= 50,
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jotter.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
