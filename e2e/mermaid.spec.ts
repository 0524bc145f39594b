import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, test } from './helpers.ts';

const require = createRequire(import.meta.url);

/** The CLI's Mermaid output must parse with Mermaid's own parser (it needs a DOM, so it runs in Chromium). */
for (const id of ['fencing-token', 'bully', 'etcd-lease', 'split-brain', 'patroni']) {
  test(`sim ${id} --format mermaid is valid Mermaid`, async ({ page }) => {
    const text = execFileSync('npx', ['tsx', 'src/cli/main.ts', id, '--format', 'mermaid'], {
      encoding: 'utf8',
    });
    expect(text.startsWith('sequenceDiagram\n')).toBe(true);
    await page.goto('about:blank');
    await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
    const result = await page.evaluate(async (src) => {
      const m = (window as unknown as { mermaid: { parse(s: string): Promise<unknown> } }).mermaid;
      try {
        await m.parse(src);
        return 'ok';
      } catch (e) {
        return String((e as Error).message ?? e);
      }
    }, text);
    expect(result).toBe('ok');
    // and a broken diagram does not parse, so this test can fail
    const broken = await page.evaluate(
      async (src) => {
        const m = (window as unknown as { mermaid: { parse(s: string): Promise<unknown> } }).mermaid;
        try {
          await m.parse(src);
          return 'ok';
        } catch {
          return 'error';
        }
      },
      text.replace('->>', '->>>:::'),
    );
    expect(broken).toBe('error');
  });
}
