module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'tmux',
  rootDir: __dirname,
  coverageDirectory: '../../../coverage/libs/bridge/tmux',
};
