module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'embedded-postgres',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/shared/embedded-postgres',
};
