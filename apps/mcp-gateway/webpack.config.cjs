// See tools/webpack/service-webpack-config.cjs; the dashboard's build is copied next to main.js.
const { serviceWebpackConfig } = require('../../tools/webpack/service-webpack-config.cjs');

module.exports = serviceWebpackConfig(__dirname, { webApp: 'dist/libs/web/gateway-dashboard' });
