import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary, ErrorFallback } from './ErrorBoundary.tsx';
import { errorStrings } from './errorStrings.ts';

const noop = () => {};
const copy = async () => true;

function fallback(error: Error, details = 'details', locale: 'en' | 'pt' | 'ru' = 'en') {
  return renderToString(
    <ErrorFallback
      error={error}
      details={details}
      locale={locale}
      onReload={noop}
      onReset={noop}
      onCopy={copy}
    />,
  );
}

describe('ErrorFallback', () => {
  it('shows what failed and the three ways out, under an alert with a heading', () => {
    const html = fallback(new TypeError('frame.nodes is undefined'));
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<h1 id="[^"]+" tabindex="-1">Something went wrong<\/h1>/);
    expect(html).toMatch(/aria-labelledby="([^"]+)"/);
    expect(html).toContain('TypeError: frame.nodes is undefined');
    for (const label of ['Reload', 'Reset this scenario', 'Copy error details'])
      expect(html).toContain(`>${label}</button>`);
    expect(html).toContain('role="status"');
  });

  it('renders the error message and the details as text, never as markup', () => {
    const evil = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const html = fallback(new Error(evil), `Error: ${evil}`);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('speaks the current language', () => {
    expect(fallback(new Error('x'), 'd', 'pt')).toContain(errorStrings.pt.title);
    expect(fallback(new Error('x'), 'd', 'ru')).toContain(errorStrings.ru.reset);
    expect(fallback(new Error('x'), 'd', 'ru')).toContain('lang="ru"');
  });

  it('has every string in every language', () => {
    const keys = Object.keys(errorStrings.en).sort();
    for (const strings of Object.values(errorStrings)) {
      expect(Object.keys(strings).sort()).toEqual(keys);
      for (const v of Object.values(strings)) expect(v.trim()).not.toBe('');
    }
  });
});

describe('ErrorBoundary', () => {
  it('turns whatever was thrown into an error to show', () => {
    const fromError = ErrorBoundary.getDerivedStateFromError(new RangeError('bad step'));
    expect(fromError.error?.message).toBe('bad step');
    expect(fromError.error).toBeInstanceOf(RangeError);
    expect(Number.isNaN(Date.parse(fromError.at ?? ''))).toBe(false);
    expect(ErrorBoundary.getDerivedStateFromError('plain string').error?.message).toBe('plain string');
    expect(ErrorBoundary.getDerivedStateFromError({ code: 7 }).error?.message).toBe('{"code":7}');
    expect(ErrorBoundary.getDerivedStateFromError(null).error?.message).toBe('null');
  });

  it('renders its children while nothing has failed', () => {
    const html = renderToString(
      <ErrorBoundary scenarioIds={() => ['bully']}>
        <p>the app</p>
      </ErrorBoundary>,
    );
    expect(html).toBe('<p>the app</p>');
  });
});
