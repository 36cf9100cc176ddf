module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-media-stack',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/media-stack',
};
