import { describe, expect, it } from 'vitest';
import { errorDetails, errorHeadline, resetHref, toError } from './errorReport.ts';

const ids = ['bully', 'etcd-lease', 'split-brain', 'fencing-token', 'patroni'];

describe('toError', () => {
  it('keeps errors and wraps anything else with a readable message', () => {
    const e = new TypeError('x');
    expect(toError(e)).toBe(e);
    expect(toError('boom').message).toBe('boom');
    expect(toError(42).message).toBe('42');
    expect(toError(undefined).message).toBe('undefined');
    expect(toError('').message).toBe('Unknown error');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toError(cyclic).message).toBe('[object Object]');
  });
});

describe('errorHeadline', () => {
  it('is name: message, or the name alone', () => {
    expect(errorHeadline(new TypeError('a is undefined'))).toBe('TypeError: a is undefined');
    expect(errorHeadline(new Error('  '))).toBe('Error');
  });
});

describe('errorDetails', () => {
  it('has the error, the page, the time, the browser, the stack and the components', () => {
    const error = new Error('frame missing');
    const text = errorDetails({
      error,
      componentStack: '\n    at ClusterView\n    at App',
      href: 'http://127.0.0.1:4173/?scenario=bully&step=3',
      userAgent: 'Chromium',
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(text).toContain('Error: Error: frame missing');
    expect(text).toContain('Page: http://127.0.0.1:4173/?scenario=bully&step=3');
    expect(text).toContain('Time: 2026-01-01T00:00:00.000Z');
    expect(text).toContain('Browser: Chromium');
    expect(text).toContain('Stack:\nError: frame missing');
    expect(text).toContain('Components:\nat ClusterView\n    at App');
  });

  it('leaves out empty sections', () => {
    const error = new Error('x');
    error.stack = undefined;
    const text = errorDetails({ error, componentStack: '', href: 'http://h/', userAgent: 'u', at: 't' });
    expect(text).not.toContain('Stack:');
    expect(text).not.toContain('Components:');
  });
});

describe('resetHref', () => {
  it('keeps only a known scenario', () => {
    expect(resetHref('http://h/lab/?scenario=patroni&step=9&lang=ru#x', ids)).toBe('/lab/?scenario=patroni');
    expect(resetHref('http://h/?step=2&scenario=%20Bully%20', ids)).toBe('/?scenario=bully');
  });

  it('drops an unknown or hostile scenario and every other parameter', () => {
    expect(resetHref('http://h/?scenario=nope&step=2', ids)).toBe('/');
    expect(resetHref('http://h/?scenario=%3Cscript%3E', ids)).toBe('/');
    expect(resetHref('http://h/index.html?__proto__=1#top', ids)).toBe('/index.html');
  });
});
