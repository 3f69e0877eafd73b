import type AxeBuilder from '@axe-core/playwright';

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
