// 1. Puts the theme on <html> as data-theme="light|dark" before the first paint, resolved as the app
// resolves it (src/app/shell/theme.ts, same storage key): the link's `theme` for this visit, else the saved
// choice (not in an `embed` player, which follows its host's system setting), else the system setting.
// theme.css has the dark palette under [data-theme="dark"] only; once the app runs, theme.ts keeps
// the attribute following the system while no theme is chosen.
// 2. Hides index.html's prerendered first view (src/app/prerender: the default story at t = 0, in
// English) before the first paint when this visit opens anything else: a parameter other than
// `theme=light|dark` (a story, a moment, `embed`, a language other than English), a hash (`#live=`), a saved
// language, or a live session kept in this tab. An attribute, not a style: the CSP forbids inline styles.
// 3. Any other view that is a story's own frame (a story, a step, a language, a theme, `embed=1`, and
// nothing else) paints the build's picture of it (src/app/prerender/linkViews.tsx): this script writes
// the story's data file in (`prerender/<story>[.embed].js`, every language in it, a classic script that
// calls `__lelPicture` below), which puts the step's markup in the link's language into #root as soon
// as the parser has made it.
// data-picture on <html> says where that stands: `pending` (the file is coming), `shown`, or `wait`: the
// link has inputs (knobs, faults, a moment) the story's own frame may not be true for, so prerender.css
// shows a neutral placeholder until the app's run is ready; never a wrong picture.
(() => {
  let mode = null;
  // What the app's theme button will name: the link's or saved theme, else `system` and what it shows.
  let chosen = 'system';
  try {
    const q = new URLSearchParams(location.search);
    const link = q.get('theme');
    const embed = q.get('embed') === '1' || q.get('embed') === '';
    if (link === 'light' || link === 'dark') mode = link;
    else if (!embed) mode = localStorage.getItem('leader-election-lab.theme');
  } catch {
    // Storage is off: the system setting applies.
  }
  if (mode === 'light' || mode === 'dark') chosen = mode;
  else mode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
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
  if (!other) return;
  const html = document.documentElement;
  html.setAttribute('data-prerender', 'off');

  let file = null;
  let step = 0;
  let lang = 'en';
  try {
    const q = new URLSearchParams(location.search);
    const one = (k) => q.getAll(k).length <= 1;
    const own = ['scenario', 'step', 'lang', 'theme', 'embed'];
    const story = q.get('scenario') ?? 'bully';
    // The stories the build drew (scenarios/index.ts; themeInit.test.ts holds this list to it): an
    // unknown one gets the placeholder, not a request for a file that is not there.
    const stories = [
      'bully',
      'etcd-lease',
      'split-brain',
      'fencing-token',
      'patroni',
      'lease-no-fencing',
      'check-before-act',
      'twenty-instances',
      'leader-flag',
      'update-without-token',
      'heartbeat-no-confirm',
      'gossip-leader',
      'even-quorum',
      'short-timeout',
      'bully-at-scale',
      'raft-figure-8',
      'patroni-watchdog',
      'kubernetes-lease',
      'zookeeper',
      'sharded-leadership',
      'skip-locked',
      'external-scheduler',
      'raft',
      'raft-minority-leader',
      'etcd-leader-change',
      'sandbox',
    ];
    lang = (q.get('lang') ?? localStorage.getItem('leader-election-lab.lang') ?? 'en').trim().toLowerCase();
    const embed = q.get('embed');
    const theme = q.get('theme');
    const at = q.get('step');
    if (
      [...q.keys()].every((k) => own.includes(k) && one(k)) &&
      stories.includes(story) &&
      ['en', 'pt', 'ru'].includes(lang) &&
      (embed === null || embed === '1') &&
      (theme === null || theme === 'light' || theme === 'dark') &&
      (at === null || /^\s*\d+\s*$/.test(at)) &&
      location.hash === '' &&
      sessionStorage.getItem('lel-live-token') === null
    ) {
      file = `./prerender/${story}${embed === '1' ? '.embed' : ''}.js`;
      step = at === null ? 0 : Number(at);
      if (step < 1 && at !== null) file = null;
    }
  } catch {
    // Storage is off: the language cannot be known.
  }
  html.setAttribute('data-picture', file ? 'pending' : 'wait');
  if (!file) return;

  // The data file's call: the step's markup into #root, its style declarations through the CSSOM.
  window.__lelPicture = (data) => {
    const parts = data.steps[lang]?.[step];
    if (!parts) return html.setAttribute('data-picture', 'wait');
    const put = (root) => {
      const box = document.createElement('div');
      box.innerHTML = parts.map((i) => data.parts[i]).join('');
      for (const n of box.querySelectorAll('[data-s]'))
        n.style.cssText = data.styles[n.getAttribute('data-s')];
      // The theme button as the app will draw it for this visit's theme (the build drew each).
      const themed = data.themes?.[lang]?.[chosen === 'system' ? `system-${mode}` : chosen];
      const button = box.querySelector('.theme-toggle');
      if (themed && button) button.outerHTML = themed;
      root.prepend(...box.childNodes);
      html.setAttribute('data-picture', 'shown');
    };
    const root = document.getElementById('root');
    if (root) return put(root);
    // Before the first paint: the observer's callback runs before the parser's task ends.
    const mo = new MutationObserver(() => {
      const r = document.getElementById('root');
      if (!r) return;
      mo.disconnect();
      put(r);
    });
    mo.observe(html, { childList: true, subtree: true });
  };
  // Parser-inserted, so it runs (and the picture is in) before the parser goes on past <head>.
  document.write(`<script src="${file}"></script>`);
})();
