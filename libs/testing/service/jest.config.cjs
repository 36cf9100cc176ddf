module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-service',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/testing/service',
};
