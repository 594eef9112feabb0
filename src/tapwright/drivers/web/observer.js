// Installed in every frame before page scripts run: counts DOM mutations and form
// edits so an action can report whether the page changed. Not enumerable, so the
// page's own loops over window do not see it.
(() => {
  if (window.__twMut) return;
  let n = 0;
  const mo = new MutationObserver((recs) => { n += recs.length; });
  const start = () => mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  start();
  const bump = () => { n += 1; };
  window.addEventListener("input", bump, true);
  window.addEventListener("change", bump, true);
  Object.defineProperty(window, "__twMut", {
    value: { get: () => { n += mo.takeRecords().length; return n; } },
    configurable: true, enumerable: false,
  });
})();
