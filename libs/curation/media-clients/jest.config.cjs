module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'curation-media-clients',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/curation/media-clients',
};
