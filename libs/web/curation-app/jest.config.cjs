module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'curation-web',
  rootDir: __dirname,
  testMatch: ['<rootDir>/tests/**/*.spec.ts'],
  coverageDirectory: '../../../coverage/libs/web/curation-app',
};
