module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'term-bridge',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/term-bridge',
};
