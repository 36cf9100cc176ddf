module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-tool-search-eval',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/tool-search-eval',
};
