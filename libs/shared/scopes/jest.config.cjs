module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'scopes',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/shared/scopes',
};
