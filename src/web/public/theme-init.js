// Runs before first paint (a blocking script; module scripts are deferred) so the page never
// flashes the wrong theme. The server writes it into index.html and allows it by its hash in the
// CSP (src/server/web-app.ts). Mirrors src/web/lib/theme.ts.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked (privacy mode); fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
})();
