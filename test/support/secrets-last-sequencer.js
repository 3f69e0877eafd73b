// Runs the security suites in name order with secrets.test.ts last: it greps the log that all
// the others wrote. Plain CommonJS because jest loads a sequencer without transforming it.
const Sequencer = require('@jest/test-sequencer').default;

class SecretsLastSequencer extends Sequencer {
  sort(tests) {
    const last = (t) => (t.path.endsWith('secrets.test.ts') ? 1 : 0);
    return [...tests].sort((a, b) => last(a) - last(b) || a.path.localeCompare(b.path));
  }
}

module.exports = SecretsLastSequencer;
