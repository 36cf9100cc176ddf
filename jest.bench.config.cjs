// Runs benchmark scripts (`*.bench.ts`) with the same TypeScript setup as the tests. They are
// not tests: they measure and print a table of ratios against a baseline from the same run.
//   npm run bench                       every benchmark
//   npm run bench -- gateway-access     only the matching ones
const preset = require('./jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/apps/*/bench/**/*.bench.ts', '<rootDir>/libs/*/*/bench/**/*.bench.ts'],
  testTimeout: 600_000,
  maxWorkers: 1,
};
