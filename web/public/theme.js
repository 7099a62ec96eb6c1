// Sets <html data-theme> before the first paint (decision 036): the stored choice (web/src/lib/theme.ts)
// or the system's. An external file because the CSP refuses inline scripts (decision 008).
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem("theme");
  } catch {
    // storage refused (private mode): follow the system
  }
  var isDark =
    choice === "dark" ||
    (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = isDark ? "dark" : "light";
})();
