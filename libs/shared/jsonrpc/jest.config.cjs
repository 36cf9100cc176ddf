module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'jsonrpc',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/shared/jsonrpc',
};
