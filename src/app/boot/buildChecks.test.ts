import { describe, expect, it, vi } from 'vitest';
import { buildChecks, onBuildWarning } from './buildChecks.ts';

describe('the builds’ rolldown checks (issue #38: the build printed these warnings)', () => {
  it('an ineffective dynamic import fails the build; other warnings pass to the default handler', () => {
    const otherwise = vi.fn();
    expect(() =>
      onBuildWarning(
        { code: 'INEFFECTIVE_DYNAMIC_IMPORT', message: 'scenarios/index.ts is dynamically imported by …' },
        otherwise,
      ),
    ).toThrow(/INEFFECTIVE_DYNAMIC_IMPORT/);
    expect(otherwise).not.toHaveBeenCalled();
    const other = { code: 'EMPTY_BUNDLE', message: 'empty' };
    onBuildWarning(other, otherwise);
    expect(otherwise).toHaveBeenCalledWith(other);
  });

  it('the timing report is off in both configs, which take these options', async () => {
    expect(buildChecks.checks).toEqual({ bundlerTimings: false });
    const { readFileSync } = await import('node:fs');
    for (const config of ['vite.config.ts', 'vite.embed.config.ts'])
      expect(readFileSync(config, 'utf8'), config).toMatch(/\.\.\.buildChecks|rolldownOptions: buildChecks/);
  });
});
