// Runs before first paint (a blocking script; module scripts are deferred) so the page never
// flashes the wrong theme. The server writes it into index.html and allows it by its hash in the
// CSP (src/server/web-app.ts). Mirrors src/web/lib/theme.ts. The choice is a cookie, not
// localStorage: a browser opens its storage on the first read, which took up to 26 ms here.
(function () {
  var chosen = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie);
  var theme = chosen
    ? chosen[1]
    : window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light';
  var root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
})();
