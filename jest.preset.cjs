// Shared Jest settings for every project: SWC transpiles TypeScript with decorator
// metadata (Nest needs it) and tsconfig path aliases map to library sources.
// Tests run as native ES modules (Jest's ESM mode, NODE_OPTIONS=--experimental-vm-modules,
// set by `npm test` and the Nx test targets): NestJS 12 ships only ES modules, which Jest's
// CommonJS sandbox cannot load, and PGlite loads its WebAssembly with a dynamic import.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`,
    path.join(__dirname, target),
  ]),
);

module.exports = {
  testEnvironment: 'node',
  // Integration tests boot PostgreSQL (embedded start-up alone takes seconds on 2 cores).
  testTimeout: 60_000,
  testEnvironmentOptions: { globalsCleanup: 'on' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  collectCoverageFrom: ['<rootDir>/src/**/*.ts', '!<rootDir>/src/**/*.spec.ts'],
};
