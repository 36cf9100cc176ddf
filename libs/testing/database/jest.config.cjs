module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-database',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/database',
};
