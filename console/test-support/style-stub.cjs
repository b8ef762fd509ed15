// Stylesheets have no meaning in jsdom; component tests import them as empty modules.
module.exports = {};
