module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-mcp-faults',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/mcp-faults',
};
