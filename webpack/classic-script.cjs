// What a script the page runs as it is (a classic script, no webpack runtime) is bundled as: one
// IIFE for the portal's browsers, the target the application's own code is compiled to
// (swc-loader's es2020). The pre-paint scripts and the harness's federation runtime are built so.
const CLASSIC_SCRIPT = Object.freeze({ bundle: true, format: 'iife', platform: 'browser', target: 'es2020' });

module.exports = { CLASSIC_SCRIPT };
