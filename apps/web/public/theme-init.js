// Runs before first paint (a classic blocking script, allowed by the CSP as 'self'): applies the
// stored theme choice, else the visitor's colour-scheme preference, so the page never flashes.
/* global window, document */
(function () {
  var theme = null;
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'dark' || stored === 'light') theme = stored;
  } catch {
    // Storage can be blocked (private mode, disabled cookies): fall back to the preference.
  }
  if (!theme) {
    var prefersLight = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches;
    theme = prefersLight ? 'light' : 'dark';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
