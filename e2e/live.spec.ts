/**
 * Live mode in the browser: `npm run live`'s cluster, control service and app, started here. The page
 * sees a leader, crashes it from the What-if node menu, sees the new leader; the recording stops,
 * exports as JSON and imports back. Needs etcd (ETCD_BIN or PATH); SKIP_ETCD=1 skips it.
 */
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { parseLiveArgs } from '../src/live/args.ts';
import { RESOURCE_TOKEN_KEY } from '../src/live/etcdApi.ts';
import { b64, Gateway, unb64 } from '../src/live/gateway.ts';
import type { LiveServer } from '../src/live/server.ts';
import { serveLive } from '../src/live/server.ts';
import type { LiveSession } from '../src/live/session.ts';
import { expect, test, watchPage } from './helpers.ts';

test.skip(process.env.SKIP_ETCD === '1', 'SKIP_ETCD=1');
test.describe.configure({ mode: 'serial' });

let live: { session: LiveSession; server: LiveServer };
test.beforeAll(async () => {
  live = await serveLive(parseLiveArgs(['--set', 'ttlS=3', '--set', 'retryMs=500']));
});
test.afterAll(async () => {
  await live?.session.stop();
  await live?.server.close();
});

const leaderOf = (page: Page) =>
  page.locator('[data-node][data-role="leader"]').first().getAttribute('data-node');

/** What the lab's own (authorized) client reads under a key or prefix. */
async function labRead(key: string, prefix = false) {
  const { cluster } = live.session;
  const gw = new Gateway(cluster.endpoints, cluster.auth);
  const end = prefix
    ? b64(key.slice(0, -1) + String.fromCharCode(key.charCodeAt(key.length - 1) + 1))
    : undefined;
  const r = await gw.call('/v3/kv/range', { key: b64(key), ...(end ? { range_end: end } : {}) }, 5000);
  return ((r.json.kvs as Array<{ key: string; value: string }> | undefined) ?? []).map((kv) => ({
    key: unb64(kv.key),
    value: unb64(kv.value),
  }));
}

test('another origin cannot write to the members: a no-cors POST is refused, nothing is written', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const members = live.session.cluster.endpoints;
  // The lab has a leader (its election key), and the fenced resource's token is its own.
  await expect
    .poll(async () => (await labRead('/election/', true)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const before = await labRead(RESOURCE_TOKEN_KEY);
  expect(Number(before[0]?.value)).toBeLessThan(1000);

  // A page on another 127.0.0.1 port: what any web site open in the browser could send.
  const attack = `
    const members = ${JSON.stringify(members)};
    const b64 = (s) => btoa(s);
    const send = (url, path, body) =>
      fetch(url + path, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })
        .then(() => 'sent', (e) => String(e));
    Promise.all(members.flatMap((m) => [
      send(m, '/v3/kv/put', { key: b64(${JSON.stringify(RESOURCE_TOKEN_KEY)}), value: b64('9999999999999999') }),
      send(m, '/v3/kv/deleterange', { key: b64('/election/'), range_end: b64('/election0') }),
    ])).then((r) => { document.title = 'done ' + r.join(','); });
  `;
  const evil: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>evil</title><script>${attack}</script>`);
  });
  await new Promise<void>((done) => evil.listen(0, '127.0.0.1', () => done()));
  try {
    await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
    await expect(page).toHaveTitle(/^done /, { timeout: 15_000 });
    // The requests left the browser (no-cors fetches resolve with an opaque answer) ...
    expect(await page.title()).toBe(
      `done ${Array(members.length * 2)
        .fill('sent')
        .join(',')}`,
    );
  } finally {
    await new Promise<void>((done) => evil.close(() => done()));
  }
  // ... and etcd executed none of them: the token is the lab's, the election key is still there.
  const after = await labRead(RESOURCE_TOKEN_KEY);
  expect(after[0]?.value).not.toBe('9999999999999999');
  expect(Number(after[0]?.value)).toBeLessThan(1000);
  expect((await labRead('/election/', true)).length).toBeGreaterThan(0);
  // The leader's fenced writes still go through: the lab's client writes with a token above the seen one.
  expect(await live.session.run.probeWrite(Number(after[0]?.value) + 1)).toBe('accepted');
});

/** A POST to a member naming `host` in the Host header (what a DNS-rebinding name sends). */
function postWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((done, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, path: '/v3/kv/range', method: 'POST', headers: { Host: host } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString('utf8');
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end(JSON.stringify({ key: b64('/election/'), range_end: b64('/election0') }));
  });
}

test('a rebinding Host is refused, and the members answer no request without the lab’s token', async () => {
  const [member] = live.session.cluster.endpoints;
  if (!member) throw new Error('no member');
  const rebound = await postWithHost(member, 'evil.example');
  expect(rebound.status).toBe(421);
  const port = new URL(member).port;
  const rebound2 = await postWithHost(member, `evil.example:${port}`);
  expect(rebound2.status).toBe(421);
  // The right Host without a token: etcd answers, with an error and no keys.
  const plain = await postWithHost(member, `127.0.0.1:${port}`);
  expect(plain.body).toMatch(/user name is empty/);
  expect(plain.body).not.toMatch(/"kvs"/);
});

// Last: it stops the recording, and with it the cluster.
test('live mode: a leader, a crash from the UI, a new leader; the recording exports and imports', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const origin = live.server.url.slice(0, live.server.url.indexOf('/#'));
  const watch = watchPage(page, origin);
  await page.goto(live.server.url);
  const bar = page.getByRole('region', { name: 'Live mode' });
  await expect(bar).toContainText('Live: recording');
  await expect(bar).toContainText('etcd 3.4');
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1, { timeout: 20_000 });
  const first = (await leaderOf(page)) as string;

  // The What-if panel offers what live mode can do to a real node, now: no knobs, partitions or undo.
  const faults = page.getByRole('region', { name: 'Faults' });
  await expect(faults).toContainText('now');
  await expect(page.getByRole('combobox', { name: 'Algorithm' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Partition' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  await page.locator(`[data-node="${first}"]`).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Faults for ${first}, now` });
  await expect(menu.getByRole('menuitem', { name: 'Crash' })).toBeVisible();
  const items = await menu.getByRole('menuitem').allTextContents();
  expect(items.some((i) => /^Crash/.test(i))).toBe(true);
  expect(items.some((i) => /Isolate from the store/.test(i))).toBe(true);
  expect(items.some((i) => /Kill processes|Isolate from everyone/.test(i))).toBe(false);
  await menu.getByRole('menuitem', { name: 'Crash' }).click();
  await expect(page.locator(`[data-node="${first}"]`)).toHaveAttribute('data-role', 'down', {
    timeout: 10_000,
  });
  // The lease runs out (TTL 3 s), then another node's retry takes the key: well within 3 x TTL.
  await expect.poll(() => leaderOf(page), { timeout: 15_000 }).toMatch(/^node-\d$/);
  const second = await leaderOf(page);
  expect(second).not.toBe(first);

  // Two etcd members killed from the bar: quorum is lost and nobody leads; restarted, a leader again.
  await bar.getByRole('button', { name: 'Kill member 1 (SIGKILL)' }).click();
  await bar.getByRole('button', { name: 'Kill member 2 (SIGKILL)' }).click();
  await expect(bar.getByRole('alert')).toContainText('Quorum lost', { timeout: 10_000 });
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(0, { timeout: 15_000 });
  await bar.getByRole('button', { name: 'Restart member 1' }).click();
  await bar.getByRole('button', { name: 'Restart member 2' }).click();
  await expect(bar.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-node][data-role="leader"]')).toHaveCount(1, { timeout: 30_000 });

  await bar.getByRole('button', { name: 'Stop recording' }).click();
  await expect(bar).toContainText('Live: recording stopped', { timeout: 15_000 });
  await bar.getByRole('button', { name: 'Compare with the simulation' }).click();
  await expect(bar.getByRole('table')).toContainText('Real etcd');
  await expect(bar.getByRole('table')).toContainText(`${first} → ${second}`);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('menu', { name: 'Export and import' })
      .getByRole('menuitem', { name: 'Trace as JSON' })
      .click(),
  ]);
  const path = await download.path();
  const exported = JSON.parse(readFileSync(path, 'utf8'));
  expect(exported.source).toBe('etcd');
  expect(exported.etcd.members).toHaveLength(3);
  const leaders = exported.events.filter(
    (e: { k: string; role?: string }) => e.k === 'role' && e.role === 'leader',
  );
  expect(leaders.slice(0, 2).map((e: { node: string }) => e.node)).toEqual([first, second]);
  const tokens = leaders.map((e: { token: number }) => e.token);
  expect(tokens).toEqual([...tokens].sort((x: number, y: number) => x - y));
  expect(tokens[1]).toBeGreaterThan(tokens[0]);

  // Imported back (in a fresh page of the same origin), it is the same recorded run.
  await page.getByRole('button', { name: 'Back to the simulation' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Import a trace or a story (JSON)…' }).click(),
  ]);
  await chooser.setFiles(path);
  await expect(page.getByText('Recorded from etcd')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute(
    'max',
    String(exported.durationMs),
  );
  watch.assertClean();
});
