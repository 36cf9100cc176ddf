// The one webpack configuration every service uses: bundle the service and the workspace
// libraries into dist/apps/<name>/main.js; npm packages stay external and are listed in the
// generated package.json (and lock file) that the container image installs.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

/**
 * @param {string} projectDir the app's folder (its webpack.config.cjs passes __dirname)
 * @param {{ webApp?: string }} [options] webApp: the dist folder of the service's web app build,
 *   copied into `web/` next to main.js, where the service serves it from (the app's project must be
 *   in the service's implicitDependencies, so Nx builds it first)
 */
function serviceWebpackConfig(projectDir, options = {}) {
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
        assets: options.webApp === undefined ? [] : [{ input: options.webApp, glob: '**/*', output: 'web' }],
      }),
    ],
  };
}

module.exports = { serviceWebpackConfig };
