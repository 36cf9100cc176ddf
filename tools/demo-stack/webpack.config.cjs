// See tools/webpack/service-webpack-config.cjs: the demo's simulators are bundled like a service.
const { serviceWebpackConfig } = require('../webpack/service-webpack-config.cjs');

module.exports = serviceWebpackConfig(__dirname);
