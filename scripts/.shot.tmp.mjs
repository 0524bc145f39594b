import { chromium } from 'playwright-core';

const base = process.argv[2];
const specs = process.argv.slice(3);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const spec of specs) {
  const [name, w, h, q] = spec.split('|');
  const ctx = await b.newContext({ viewport: { width: Number(w), height: Number(h) } });
  const p = await ctx.newPage();
  await p.goto(`${base}/?${q}`);
  await p.waitForSelector('[data-node]', { timeout: 20000 });
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `/tmp/s_${name}.png` });
  await ctx.close();
}
await b.close();
