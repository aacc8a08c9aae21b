/**
 * The one inline script of every page (issue 13, decision 025): it asks for the page's scripts
 * only once the page has loaded and its next frame is painted (at the browser's next idle
 * moment), or at once when
 * the person starts using the page (a tap, a key, a scroll) — so no script competes with the
 * page's largest picture, and the server's HTML (links, forms) works meanwhile. The script tag
 * carries what to fetch: `data-entry` (the entry module) and `data-preload` (the page's other
 * modules, space-separated, asked for in parallel). The text never changes with the page, so the
 * Content-Security-Policy allows it by its hash (`scriptLoaderHash`).
 */
export const SCRIPT_LOADER_ID = "script-loader";

export const SCRIPT_LOADER_SOURCE = `(function () {
  var me = document.currentScript, started = false;
  var kinds = ["pointerdown", "keydown", "touchstart", "focusin", "scroll", "wheel"];
  function start() {
    if (started) return;
    started = true;
    kinds.forEach(function (kind) { removeEventListener(kind, start, true); });
    (me.getAttribute("data-preload") || "").split(" ").forEach(function (href) {
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.src = me.getAttribute("data-entry");
    document.head.appendChild(script);
  }
  function soon() {
    // After the next frame is painted (what the page has drawn by its load is on screen), then
    // when the browser is idle.
    requestAnimationFrame(function () {
      setTimeout(function () {
        if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 500 });
        else start();
      }, 0);
    });
  }
  kinds.forEach(function (kind) { addEventListener(kind, start, { capture: true, passive: true }); });
  if (document.readyState === "complete") soon();
  else addEventListener("load", soon, { once: true });
})();`;
