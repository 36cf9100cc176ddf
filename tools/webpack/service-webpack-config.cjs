// The one webpack configuration every service uses: bundle the service and the workspace
// libraries into dist/apps/<name>/main.js; npm packages stay external and are listed in the
// generated package.json (and lock file) that the container image installs.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

/** @param {string} projectDir the app's folder (its webpack.config.cjs passes __dirname) */
function serviceWebpackConfig(projectDir) {
  const name = require(join(projectDir, 'project.json')).name;
  return {
    output: { path: join(__dirname, '../../dist/apps', name), clean: true },
    devtool: 'source-map',
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        outputHashing: 'none',
        optimization: false,
        generatePackageJson: true,
        skipTypeChecking: true,
        sourceMap: true,
      }),
    ],
  };
}

module.exports = { serviceWebpackConfig };
