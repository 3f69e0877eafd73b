import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitFor } from './server';

/** The violations that fail the check, one line each with the elements at fault. */
export function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
        );
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
    });
}

/**
 * axe's serious and critical violations on the page as it stands, once no toast is fading out
 * (a half-transparent toast would fail the contrast check for what is only an animation frame).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitFor(
    async () => (await page.locator('.Toastify__toast[class*="-exit"]').count()) === 0,
    10_000,
    'the toasts to finish leaving',
  );
  return describeViolations(await new AxeBuilder({ page }).analyze());
}
