// See tools/webpack/service-webpack-config.cjs.
const { serviceWebpackConfig } = require('../../tools/webpack/service-webpack-config.cjs');

module.exports = serviceWebpackConfig(__dirname, { webApp: 'dist/libs/web/curation-app' });
