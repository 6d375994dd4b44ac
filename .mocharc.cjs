// Mocha's settings. Two workers take the test files in the order listed; the
// slowest (some 12 s to 45 s each) go first, so that the two workers end
// together rather than one running a long file alone at the end.
const { readdirSync } = require('node:fs');

const SLOWEST_FIRST = [
  'companion-play', 'package', 'hub', 'companion-scenarios', 'power', 'room-view',
  'scan-period', 'companion-try', 'bundles', 'torn-records', 'regressions', 'companion-bluetooth',
].map((name) => `test/${name}.test.ts`);

const all = readdirSync(`${__dirname}/test`).filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`).sort();

module.exports = {
  'node-option': ['import=tsx'],
  spec: [...SLOWEST_FIRST.filter((f) => all.includes(f)), ...all.filter((f) => !SLOWEST_FIRST.includes(f))],
  require: ['test/setup.ts'],
  reporter: './test/reporter.cjs',
  parallel: true,
  jobs: 2,
  timeout: 60000,
};
