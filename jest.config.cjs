// Runs every project's tests in one Jest process, so the whole repository shares one
// worker pool. `npm test` uses this; `nx test <project>` runs a single project.
const fs = require('node:fs');
const path = require('node:path');

const projectDirs = [
  'apps',
  'libs/bridge',
  'libs/curation',
  'libs/gateway',
  'libs/shared',
  'libs/testing',
  'libs/web',
  'tools',
]
  .flatMap((parent) =>
    fs.existsSync(path.join(__dirname, parent))
      ? fs.readdirSync(path.join(__dirname, parent)).map((name) => path.join(__dirname, parent, name))
      : [],
  )
  .filter((dir) => fs.existsSync(path.join(dir, 'jest.config.cjs')));

module.exports = {
  projects: projectDirs,
  // Every test file's modules stay in its worker's memory (the VM contexts Jest runs them in leak,
  // nodejs/node#33439): 3-6 MB per file that imports pino or NestJS, so a worker held 1.2-1.4 GB by
  // the end of the gateway's tests and took longer than Jest's 0.5 s to exit ("A worker process has
  // failed to exit gracefully"). A worker past this much heap after a file is replaced. A global
  // option (Jest refuses it in a project's configuration); `--runInBand` has no workers to replace.
  workerIdleMemoryLimit: '512MB',
  // Integration tests boot PostgreSQL; embedded start-up alone takes seconds on 2 cores.
  testTimeout: 60_000,
  coverageReporters: ['text-summary', 'json-summary', 'lcov'],
  coverageDirectory: '<rootDir>/coverage',
};
