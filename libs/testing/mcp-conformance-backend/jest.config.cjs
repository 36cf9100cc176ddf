module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-mcp-conformance-backend',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/mcp-conformance-backend',
};
