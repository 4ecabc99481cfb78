// Runs before first paint (a blocking script; module scripts are deferred) so the page never
// flashes the wrong theme, where index.html is served as it is (the dev server). The server
// writes every page itself: the chosen theme as <html class>, else shared/theme.ts's script for
// the system's, with no cookie read (src/server/web-app.ts). Mirrors src/web/lib/theme.ts.
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
