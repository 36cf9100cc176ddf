// Runs every project's tests in one Jest process, so the whole repository shares one
// worker pool. `npm test` uses this; `nx test <project>` runs a single project.
const fs = require('node:fs');
const path = require('node:path');

const projectDirs = ['apps', 'libs/bridge', 'libs/gateway', 'libs/shared', 'libs/testing', 'tools']
  .flatMap((parent) =>
    fs.existsSync(path.join(__dirname, parent))
      ? fs.readdirSync(path.join(__dirname, parent)).map((name) => path.join(__dirname, parent, name))
      : [],
  )
  .filter((dir) => fs.existsSync(path.join(dir, 'jest.config.cjs')));

module.exports = {
  projects: projectDirs,
  // Integration tests boot PostgreSQL; embedded start-up alone takes seconds on 2 cores.
  testTimeout: 60_000,
  coverageReporters: ['text-summary', 'json-summary', 'lcov'],
  coverageDirectory: '<rootDir>/coverage',
};
