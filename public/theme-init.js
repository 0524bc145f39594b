// Puts the theme on <html> as data-theme="light|dark" before the first paint, resolved as the app
// resolves it (src/app/theme.ts, same storage key): the link's `theme` for this visit, else the saved
// choice (not in an `embed` player, which follows its host's system setting), else the system setting.
// theme.css has the dark palette under [data-theme="dark"] only; once the app runs, theme.ts keeps
// the attribute following the system while no theme is chosen.
(() => {
  let mode = null;
  try {
    const q = new URLSearchParams(location.search);
    const link = q.get('theme');
    const embed = q.get('embed') === '1' || q.get('embed') === '';
    if (link === 'light' || link === 'dark') mode = link;
    else if (!embed) mode = localStorage.getItem('leader-election-lab.theme');
  } catch {
    // Storage is off: the system setting applies.
  }
  if (mode !== 'light' && mode !== 'dark')
    mode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', mode);
})();
