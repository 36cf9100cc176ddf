module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'deployment-checks',
  rootDir: __dirname,
};
