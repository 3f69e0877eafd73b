// A Jest transform for the few ES-module-only packages the server imports (openid-client and what
// it imports): Jest's module system runs CommonJS, and Node 20 cannot `require` an ES module inside
// it. esbuild (already the server's bundler) rewrites each file as CommonJS, as the build does.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: true,
      sourcefile: filename,
    });
    return { code, map };
  },
};
