// On a page the build prerendered (decision 058): starts its JavaScript once the page has painted
// from its markup, the entry chunk (data-entry) and the screen's chunks (data-preload, fetched
// beside it). Before that paint the browser fetches only what the paint needs (the page, theme.js,
// the stylesheet and the font), not 100 KB of JavaScript that would share the connection with them.
// Until the app has taken the page over, what is typed is noted and a form sent is held, for the
// app to replay (web/src/app/early-input.ts): the browser would otherwise send the form itself.
// An external file because the CSP refuses inline scripts (decision 008).
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preload || "").split(" ").filter(Boolean);

  var root = document.getElementById("root");
  var early = { typed: new Map(), submit: undefined, stop: undefined };
  var isField = function (target) {
    return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  };
  var onInput = function (event) {
    if (isField(event.target)) early.typed.set(event.target, event.target.value);
  };
  var onSubmit = function (event) {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    early.submit = { form: event.target, by: event.submitter || null };
  };
  if (root) {
    root.querySelectorAll("input, textarea").forEach(function (field) {
      if (field.value !== field.defaultValue) early.typed.set(field, field.value);
    });
    root.addEventListener("input", onInput, true);
    root.addEventListener("submit", onSubmit, true);
    early.stop = function () {
      root.removeEventListener("input", onInput, true);
      root.removeEventListener("submit", onSubmit, true);
    };
    window.legacyVaultEarlyInput = early;
  }

  var add = function (tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  };
  var isStarted = false;
  var start = function () {
    if (isStarted) return;
    isStarted = true;
    preloads.forEach(function (href) {
      add("link", { rel: "modulepreload", crossorigin: "", href: href });
    });
    add("script", { type: "module", crossorigin: "", src: entry });
  };
  // After the page's first contentful paint (its text shows once the font is there or its
  // fallback is used); at once in a hidden tab, which paints nothing; after a second at the latest.
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === "hidden" || !paints || paints.indexOf("paint") < 0) {
    start();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    var entries = list.getEntries();
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].name !== "first-contentful-paint") continue;
      observer.disconnect();
      setTimeout(start);
    }
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 1000);
})();
