// Jest (on Node 20) cannot require() an ES module, and @fastify/static requires the ESM-only
// content-disposition@3 for its `create` function. Tests get the same function from the CommonJS
// content-disposition@1, which v3 re-exports as `create`. Production code is unaffected.
const contentDisposition = require('content-disposition-cjs');
module.exports = { create: contentDisposition, parse: contentDisposition.parse };
