import fs from 'node:fs';
import path from 'node:path';

/**
 * inline/start-app.js, run here as index.html runs it (after #root and saved-screen.js): it puts
 * the app's scripts from the template #app-scripts into the page, at once, or once the copy of
 * the page the user left has been painted.
 */

const startScript = fs.readFileSync(path.join(__dirname, '../../inline/start-app.js'), 'utf8');

/** What the browser reports to the page's paint observers: a paint entry by its name. */
let reportPaint: (name: 'first-paint' | 'first-contentful-paint') => void;
let observing: string[];

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint', 'navigation'];
  constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    reportPaint = (paint) =>
      callback({
        getEntriesByName: (name) => (name === paint ? [{ name, entryType: 'paint' }] : []),
      });
  }
  observe({ type }: { type: string }) {
    observing.push(type);
  }
  disconnect() {
    observing = [];
  }
}

/** index.html: the template, #root (with the copy drawn or not), then the script. */
function load({ copy }: { copy: boolean }) {
  document.head.innerHTML = '';
  const root = copy
    ? '<div id="root"><main inert aria-hidden="true">copy</main></div>'
    : '<div id="root"><header>static</header></div>';
  document.body.innerHTML = `<template id="app-scripts"><link rel="modulepreload" href="/assets/app.js"></template>${root}`;
  const script = document.createElement('script');
  script.textContent = startScript;
  document.body.append(script);
}

const started = () => document.head.querySelector('link[href="/assets/app.js"]') !== null;

let visibility: DocumentVisibilityState;

beforeEach(() => {
  jest.useFakeTimers();
  observing = [];
  visibility = 'visible';
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  Object.assign(window, { PerformanceObserver: FakePerformanceObserver });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('without a copy of the page, the app starts at once', () => {
  load({ copy: false });
  expect(started()).toBe(true);
  expect(observing).toEqual([]);
});

test("with a copy on screen, the app starts once the copy's first contentful paint is reported", () => {
  load({ copy: true });
  expect(started()).toBe(false);
  expect(observing).toEqual(['paint']);
  // A first paint of the background alone is not the copy's.
  reportPaint('first-paint');
  expect(started()).toBe(false);
  reportPaint('first-contentful-paint');
  expect(started()).toBe(true);
  expect(observing).toEqual([]);
  // Started once: the timer set against a missing report does nothing more.
  jest.advanceTimersByTime(1000);
  expect(document.head.querySelectorAll('link[href="/assets/app.js"]')).toHaveLength(1);
});

test('should the paint never be reported, the app starts after a second', () => {
  load({ copy: true });
  jest.advanceTimersByTime(999);
  expect(started()).toBe(false);
  jest.advanceTimersByTime(1);
  expect(started()).toBe(true);
  expect(observing).toEqual([]);
});

test('a hidden page (which paints only once shown) starts the app at once', () => {
  visibility = 'hidden';
  load({ copy: true });
  expect(started()).toBe(true);
});

test('a browser that reports no paints starts the app at once', () => {
  FakePerformanceObserver.supportedEntryTypes = ['navigation'];
  try {
    load({ copy: true });
    expect(started()).toBe(true);
  } finally {
    FakePerformanceObserver.supportedEntryTypes = ['paint', 'navigation'];
  }
});
