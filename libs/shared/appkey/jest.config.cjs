module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'appkey',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/shared/appkey',
};
