// The functions the wasm module imports from JavaScript (env.*), declared to emscripten so that it
// leaves them as imports; web/src/index.js provides them when it instantiates the module.
mergeInto(LibraryManager.library, {
  w_js_move_filter: function (ctx, item, other) { return 0; },
  w_js_response: function (ctx, k, block) { return 0; },
});
