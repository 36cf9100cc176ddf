module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-vault',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/vault',
};
