module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'tool-search',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/gateway/tool-search',
};
