module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'mcp-gateway',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/mcp-gateway',
};
