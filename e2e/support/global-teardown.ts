/**
 * Stops what `global-setup.ts` started, after the last test file: by then every file has closed
 * its own connection to the browser (its contexts with it).
 */
export default async function globalTeardown(): Promise<void> {
  const shared = globalThis.jotterE2E;
  globalThis.jotterE2E = undefined;
  await Promise.all([shared?.browser?.close(), shared?.server?.stop()]);
}
