/**
 * One summary line per check, printed through the console so jest shows it with the results:
 * what was tried and what held.
 */
export function report(check: string, summary: string): void {
  console.log(`[${check}] ${summary}`);
}
