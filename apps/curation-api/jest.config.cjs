module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'curation-api',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/curation-api',
};
