// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showBootFailed } from './bootFailed.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('showBootFailed', () => {
  it("says so in the link's language, else the saved one, else English, with a Reload button", () => {
    const reload = vi.fn();
    showBootFailed(document, '?lang=pt', reload);
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Não foi possível carregar o laboratório');
    alert?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledOnce();
    document.body.innerHTML = '';
    localStorage.setItem('leader-election-lab.lang', 'ru');
    showBootFailed(document, '', reload);
    expect(document.querySelector('[role="alert"] button')?.textContent).toBe('Перезагрузить');
    document.body.innerHTML = '';
    // A language the lab does not have falls back as the app's does: to the saved one, then English.
    showBootFailed(document, '?lang=xx', reload);
    expect(document.querySelector('[role="alert"] button')?.textContent).toBe('Перезагрузить');
    document.body.innerHTML = '';
    localStorage.clear();
    showBootFailed(document, '?lang=xx', reload);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The lab could not be loaded');
  });
});
