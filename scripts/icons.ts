/**
 * The install icons in public/icons/ (the web app manifest's PNGs), drawn from public/favicon.svg in
 * Chromium: `npx tsx scripts/icons.ts` after a change to the favicon. The PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // A maskable icon keeps its picture inside the middle 80 % (the safe zone) on a full background.
  await page.setContent(
    `<body style="margin:0;background:#f5f6f8;display:grid;place-items:center;width:${size}px;height:${size}px">
       <div style="width:${Math.round(size * 0.7)}px;height:${Math.round(size * 0.7)}px">${svg.replace('<svg', '<svg width="100%" height="100%"')}</div></body>`,
  );
  await page.screenshot({ path: `public/icons/icon-${size}.png`, omitBackground: false });
  await page.close();
}
await browser.close();
