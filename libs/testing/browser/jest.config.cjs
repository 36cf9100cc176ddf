module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-browser',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/browser',
};
