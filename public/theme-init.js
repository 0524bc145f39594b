// Applies a remembered theme before the first paint (the system setting needs nothing).
// Kept in sync with src/app/theme.ts (same storage key).
(() => {
  try {
    const mode = localStorage.getItem('leader-election-lab.theme');
    if (mode === 'light' || mode === 'dark') document.documentElement.setAttribute('data-theme', mode);
  } catch {
    // Storage is off: the system setting applies.
  }
})();
