// 1. Puts the theme on <html> as data-theme="light|dark" before the first paint, resolved as the app
// resolves it (src/app/shell/theme.ts, same storage key): the link's `theme` for this visit, else the saved
// choice (not in an `embed` player, which follows its host's system setting), else the system setting.
// theme.css has the dark palette under [data-theme="dark"] only; once the app runs, theme.ts keeps
// the attribute following the system while no theme is chosen.
// 2. Hides index.html's prerendered first view (src/app/prerender: the default story at t = 0, in
// English) before the first paint when this visit opens anything else: a parameter other than
// `theme=light|dark` (a story, a moment, `embed`, a language other than English), a hash (`#live=`), a saved
// language, or a live session kept in this tab. An attribute, not a style: the CSP forbids inline styles.
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

  let other = true;
  try {
    const q = new URLSearchParams(location.search);
    const lang = (q.get('lang') ?? 'en').trim().toLowerCase();
    const saved = localStorage.getItem('leader-election-lab.lang');
    other =
      [...q.keys()].some((k) => k !== 'theme' && k !== 'lang') ||
      // A theme the link cannot have is named in a notice above the player.
      (q.has('theme') && q.get('theme') !== 'light' && q.get('theme') !== 'dark') ||
      lang !== 'en' ||
      (saved !== null && saved !== 'en' && !q.has('lang')) ||
      location.hash !== '' ||
      sessionStorage.getItem('lel-live-token') !== null;
  } catch {
    // Storage is off: the saved language cannot be read, so the picture may be in the wrong one.
  }
  if (other) document.documentElement.setAttribute('data-prerender', 'off');
})();
