// jsdom, plus the Fetch API and text codecs that Node has and jsdom lacks (react-router's data
// router builds a Request for every navigation), and structuredClone (IndexedDB stores clones:
// fake-indexeddb needs it).
const { TestEnvironment } = require('jest-environment-jsdom');

class JotterEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    const {
      Request,
      Response,
      Headers,
      fetch,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    } = globalThis;
    Object.assign(this.global, { Request, Response, Headers, fetch, TextEncoder, TextDecoder });
    Object.assign(this.global, { structuredClone: globalThis.structuredClone });
    // jsdom's AbortSignal is not the one Node's Request accepts.
    Object.assign(this.global, { AbortController, AbortSignal });
  }
}

module.exports = JotterEnvironment;
