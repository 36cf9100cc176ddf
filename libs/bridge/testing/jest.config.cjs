module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'testing-bridge',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/bridge/testing',
};
