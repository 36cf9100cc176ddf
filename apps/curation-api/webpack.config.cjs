// Bundles the service and the workspace libraries into dist/apps/curation-api/main.js; npm
// packages stay external and are listed in the generated package.json for the image.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

module.exports = {
  output: { path: join(__dirname, '../../dist/apps/curation-api'), clean: true },
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
