import type { Page } from '@playwright/test';
import {
  expect,
  frameSnapshot,
  openPlayer,
  roleOf,
  scenarioOption,
  scenarioOptions,
  test,
  timeline,
  timelineMax,
  timelineValue,
  watchPage,
} from './helpers.ts';

/** Opens a scenario with the What-if sandbox shown. */
async function openSandbox(page: Page, scenario: string) {
  await openPlayer(page, `?scenario=${scenario}`);
  await page.getByRole('button', { name: 'What if…' }).click();
  await expect(page.getByRole('region', { name: 'Faults' })).toBeVisible();
}

/** Moves the cursor (the slider snaps to its step) and returns where it landed, in ms. */
async function seek(page: Page, ms: number): Promise<number> {
  await timeline(page).fill(String(ms));
  return Number(await timeline(page).inputValue());
}

const seconds = (text: string, re: RegExp): number => {
  const m = re.exec(text);
  if (!m?.[1]) throw new Error(`no match for ${re} in "${text}"`);
  return Number(m[1]);
};

test('etcd-lease: crash the leader early from the keyboard menu; node-2 takes over within TTL + retry', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'etcd-lease');
  const at = await seek(page, 10_000);
  expect(await roleOf(page, 'node-1')).toBe('leader');

  // Keyboard: focus the node, Shift+F10 opens its menu, arrows move, Enter picks.
  await page.locator('[data-node="node-1"]').focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: /Faults for node-1/ });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Crash',
    'Kill processes (host up)',
    'Pause 40 s',
    'Isolate from everyone',
    'Isolate from the store',
    'Inspect',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Crash' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Kill processes (host up)' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.locator('[data-node="node-1"]')).toBeFocused();
  await expect.poll(() => roleOf(page, 'node-1')).toBe('down'); // the new run comes from the worker

  // The intervention is listed with a remove button and marked on the timeline.
  const list = page.getByRole('region', { name: 'Interventions' });
  const label = `crash node-1 at ${(at / 1000).toFixed(1)} s`;
  await expect(list.getByRole('button', { name: `Remove ${label}` })).toBeVisible();
  await expect(page.locator('.marker.fault.intervention')).toHaveCount(1);

  // Params of the run: TTL 30 s, renew every 10 s, retry every 2 s.
  const ttlMs = 30_000;
  const renewMs = 10_000;
  const retryMs = 2000;
  // Before the lease can have expired nobody else leads (the crashed leader's lease still holds).
  await seek(page, at + ttlMs - renewMs - 500);
  for (const n of ['node-2', 'node-3', 'node-4', 'node-5']) expect(await roleOf(page, n)).not.toBe('leader');
  // Within TTL + retry after the crash, node-2 leads.
  await seek(page, at + ttlMs + retryMs);
  expect(await roleOf(page, 'node-2')).toBe('leader');

  const failover = page.locator('[data-metric="failovers"] li').first();
  await expect(failover).toContainText('node-1 lost (crash)');
  await expect(failover).toContainText('node-2 leads after');
  const took = seconds((await failover.textContent()) ?? '', /leads after ([\d.]+) s/) * 1000;
  expect(took).toBeGreaterThanOrEqual(ttlMs - renewMs);
  expect(took).toBeLessThanOrEqual(ttlMs + retryMs);
  // The scripted crash of node-1 at 35 s no longer changes anything: it is already down.
  watch.assertClean();
});

test('split-brain with quorum on: partition 2|3 from the toolbar leaves the minority without a leader', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'split-brain');
  const knobs = page.getByRole('region', { name: 'Knobs' });
  const quorum = knobs.getByRole('switch', { name: 'quorum' });
  await expect(quorum).toHaveAttribute('aria-checked', 'false');
  await quorum.click();
  await expect(quorum).toHaveAttribute('aria-checked', 'true');

  await seek(page, 2000);
  await page.getByRole('region', { name: 'Faults' }).getByRole('button', { name: 'Partition 2|3' }).click();
  await expect(page.getByRole('region', { name: 'Interventions' })).toContainText(
    'partition node-1, node-2 | node-3, node-4, node-5',
  );

  for (const ms of [5000, 7000, 9500]) {
    await seek(page, ms);
    expect(await roleOf(page, 'node-1')).not.toBe('leader');
    expect(await roleOf(page, 'node-2')).not.toBe('leader');
  }
  expect(await roleOf(page, 'node-5')).toBe('leader');
  await expect(page.locator('[data-metric="max-leaders"]')).toContainText('1 believed');
  await expect(page.getByRole('alert')).toHaveCount(0);
  watch.assertClean();
});

/** Drags a partition-board chip onto a side with the mouse (pointer events, as a finger would). */
async function dragChip(page: Page, host: string, side: string) {
  const chip = page.locator(`.pb-chip[data-host="${host}"]`);
  const zone = page.getByRole('group', { name: side });
  await chip.scrollIntoViewIfNeeded();
  const from = await chip.boundingBox();
  const to = await zone.boundingBox();
  if (!from || !to) throw new Error(`no box for ${host} or ${side}`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 2 });
  await expect(chip).toHaveClass(/dragging/);
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await expect(zone).toHaveClass(/over/);
  await page.mouse.up();
}

test('split-brain: drag node-4 and node-5 to Side B and partition at the cursor; arrows move a chip too', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openPlayer(page, '?scenario=split-brain&whatif=1');
  const faults = page.getByRole('region', { name: 'Faults' });
  const sideA = faults.getByRole('group', { name: 'Side A' });
  const sideB = faults.getByRole('group', { name: 'Side B' });
  await expect(sideA.getByRole('button')).toHaveText(['node-1', 'node-2', 'node-3', 'node-4', 'node-5']);
  const apply = faults.getByRole('button', { name: /^Partition at / });
  await expect(apply).toBeDisabled();
  await expect(faults.getByText('Put hosts on at least two sides to partition.')).toBeVisible();
  await expect(faults.getByText(/stay reachable from every side/)).toBeVisible();

  await dragChip(page, 'node-4', 'Side B');
  await dragChip(page, 'node-5', 'Side B');
  await expect(sideB.getByRole('button')).toHaveText(['node-4', 'node-5']);
  await expect(sideB.getByRole('button', { name: 'node-5, on Side B' })).toBeVisible();
  await expect(apply).toBeEnabled();
  await apply.click();

  const groups = 'node-1, node-2, node-3 | node-4, node-5';
  await expect(page.getByRole('region', { name: 'Interventions' })).toContainText(`partition ${groups}`);
  await expect(page.locator('.marker.fault.intervention')).toHaveCount(1);
  await expect
    .poll(() => new URL(page.url()).searchParams.getAll('fault'))
    .toEqual(['0,partition,node-1;node-2;node-3|node-4;node-5']);

  // Keyboard: a chip is a button; ArrowRight moves it to the next side and says so.
  const chip = sideA.getByRole('button', { name: 'node-1, on Side A' });
  await chip.focus();
  await page.keyboard.press('ArrowRight');
  const moved = sideB.getByRole('button', { name: 'node-1, on Side B' });
  await expect(moved).toBeFocused();
  await expect(faults.locator('[aria-live="polite"]')).toHaveText('node-1 moved to Side B');
  await page.keyboard.press('ArrowRight');
  await expect(moved).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(sideA.getByRole('button', { name: 'node-1, on Side A' })).toBeFocused();
  // The arrows moved the chip, not the player's cursor (Left/Right step the player elsewhere).
  expect(await timelineValue(page)).toBe(0);

  // A third side: its hosts fold back into Side B when it goes.
  await faults.getByRole('button', { name: 'Add Side C' }).click();
  await sideB.getByRole('button', { name: /^node-5/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(faults.getByRole('group', { name: 'Side C' }).getByRole('button')).toHaveText(['node-5']);
  await faults.getByRole('button', { name: 'Remove Side C' }).click();
  await expect(sideB.getByRole('button')).toHaveText(['node-4', 'node-5']);
  watch.assertClean();
});

test('fencing-token: pause the leader from the context menu; with fencing off the stale write is accepted and flagged', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'fencing-token');
  const faults = page.getByRole('region', { name: 'Faults' });
  const pause = faults.getByRole('spinbutton', { name: 'GC pause' });
  await pause.fill('33');
  await pause.press('Enter');

  // Just after node-1 checked its lease and decided to write, before the script's own pause.
  const at = await seek(page, 5085);
  expect(at).toBeGreaterThan(5000);
  expect(at).toBeLessThan(5100);
  await page.locator('[data-node="node-1"]').click({ button: 'right' });
  await page
    .getByRole('menu', { name: /Faults for node-1/ })
    .getByRole('menuitem', { name: 'Pause 33 s' })
    .click();
  await expect.poll(() => roleOf(page, 'node-1')).toBe('paused'); // the new run comes from the worker

  const end = Number(await timeline(page).getAttribute('max'));
  await seek(page, end);
  // Fencing on (the story): the late write is refused.
  await expect(page.locator('[data-metric="writes-rejected"] .mono')).toHaveText('1');
  await expect(page.locator('[data-metric="writes-stale"] .mono')).toHaveText('0');
  await expect(page.getByText('409 STALE TOKEN').first()).toBeVisible();

  const fencing = page.getByRole('region', { name: 'Knobs' }).getByRole('switch', { name: 'fencing' });
  await fencing.click();
  await expect(fencing).toHaveAttribute('aria-checked', 'false');
  // The intervention stays; the future is simulated again with fencing off.
  await expect(page.getByRole('region', { name: 'Interventions' })).toContainText('pause node-1 for 33 s');
  await expect(page.locator('[data-metric="writes-stale"] .mono')).toHaveText('1');
  await expect(page.locator('[data-metric="writes-stale"]')).toHaveClass(/danger/);
  await expect(page.locator('[data-metric="writes-rejected"] .mono')).toHaveText('0');
  await expect(page.locator('.marker.violation[title="Violation: stale-write-accepted"]')).toHaveCount(1);
  watch.assertClean();
});

test("zookeeper: the ensemble's servers in the Faults panel; a killed one is offered a restart", async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'zookeeper');
  await seek(page, 10_000);
  const servers = page.getByRole('group', { name: 'Servers of zookeeper' });
  await expect(servers.getByRole('button')).toHaveText([
    'Kill server 1 (SIGKILL)',
    'Stop server 1 (SIGSTOP)',
    'Kill server 2 (SIGKILL)',
    'Stop server 2 (SIGSTOP)',
    'Kill server 3 (SIGKILL)',
    'Stop server 3 (SIGSTOP)',
  ]);
  await servers.getByRole('button', { name: 'Kill server 1 (SIGKILL)' }).click();
  const interventions = page.getByRole('region', { name: 'Interventions' });
  await expect(interventions).toContainText('kill server 1 of zookeeper');
  // The frame at the cursor has server 1 down (the new run, from the worker): it is offered a restart.
  await expect(servers.getByRole('button', { name: /server 1/ })).toHaveText(['Restart server 1']);
  await servers.getByRole('button', { name: 'Stop server 2 (SIGSTOP)' }).click();
  await expect(interventions).toContainText('stop server 2 of zookeeper');
  await expect(servers.getByRole('button', { name: /server 2/ })).toHaveText(['Resume server 2']);
  // The store's process heard them: the event log tells server 1's death.
  await page.getByRole('tab', { name: 'Event log' }).click();
  await expect(
    page.getByText('zookeeper: server 1 KILLED (its clients’ connections reset)').first(),
  ).toBeAttached();
  watch.assertClean();
});

test('undo restores the previous run exactly; redo and remove work; bad knobs are refused, not clamped', async ({
  page,
}) => {
  const watch = watchPage(page);
  await openSandbox(page, 'etcd-lease');
  await seek(page, 20_000);
  const before = await frameSnapshot(page);
  const later = async () => {
    await seek(page, 60_000);
    const s = await frameSnapshot(page);
    await seek(page, 20_000);
    return s;
  };
  const beforeLater = await later();

  await page.locator('[data-node="node-3"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Isolate from the store' }).click();
  await page.locator('[data-node="node-1"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Crash' }).click();
  // The change is simulated off the main thread: read the frame once the new run is on screen.
  await expect(page.locator('[data-node="node-1"]')).toHaveAttribute('data-role', 'down');
  const after = await frameSnapshot(page);
  const afterLater = await later();
  expect(after).not.toBe(before);
  expect(afterLater).not.toBe(beforeLater);

  // Ctrl+Z twice: exactly the original run, now and later.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  expect(await frameSnapshot(page)).toBe(before);
  expect(await later()).toBe(beforeLater);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();

  // Redo (keyboard, then the button) brings both back.
  await page.keyboard.press('Control+Shift+z');
  await page.getByRole('button', { name: 'Redo' }).click();
  expect(await frameSnapshot(page)).toBe(after);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // Remove one from the list, then undo the removal.
  const list = page.getByRole('region', { name: 'Interventions' });
  await list.getByRole('button', { name: /^Remove crash node-1 at/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await frameSnapshot(page)).toBe(after);

  // A knob combination the algorithm refuses: the message names the rule; the run stays.
  const renew = page.getByRole('region', { name: 'Knobs' }).getByRole('spinbutton', { name: 'renewS' });
  await renew.fill('45');
  await renew.press('Enter');
  await expect(page.getByRole('region', { name: 'Knobs' })).toContainText(
    'renew interval must be shorter than the TTL (renewS < ttlS)',
  );
  await expect(renew).toHaveValue('45');
  expect(await frameSnapshot(page)).toBe(after);
  await page.getByRole('region', { name: 'Knobs' }).getByRole('button', { name: 'Reset' }).click();
  await expect(renew).toHaveValue('10');
  expect(await frameSnapshot(page)).toBe(after);
  watch.assertClean();
});

test('sweeps: Bully messages vs nodes on demand, on the n(n-1) reference', async ({ page }) => {
  const watch = watchPage(page);
  await openSandbox(page, 'bully');
  const sweeps = page.getByRole('region', { name: 'Sweeps' });
  await expect(sweeps.getByRole('combobox', { name: 'Sweep' })).toHaveValue('bully-messages-vs-nodes');
  await sweeps.getByRole('button', { name: 'Run sweep' }).click();
  await expect(sweeps.getByRole('img', { name: /Bully: messages vs nodes: 28 measured/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(sweeps.getByRole('listitem')).toHaveText(['measured (28 runs)', 'n(n-1)']);
  // Measured = n(n-1) at every size.
  for (const n of [3, 10, 30])
    await expect(sweeps.locator('circle.pt title', { hasText: `nodes ${n}: ` })).toHaveText(
      `nodes ${n}: ${n * (n - 1)}`,
    );
  await expect(sweeps.getByRole('button', { name: 'Run again' })).toBeEnabled();
  watch.assertClean();
});

test('layout: the open sandbox keeps the cluster in view at 1280x720 and stacks on a phone', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openSandbox(page, 'patroni');
  // Deep in the sandbox (the knobs), the cluster is still on screen beside it.
  await page
    .getByRole('region', { name: 'Knobs' })
    .getByRole('button', { name: 'Reset' })
    .scrollIntoViewIfNeeded();
  for (const id of ['pg-1', 'pg-2', 'pg-3'])
    await expect(page.locator(`[data-node="${id}"]`)).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const canvas = await page.locator('.cluster-canvas').boundingBox();
  const sandbox = await page.locator('.whatif').boundingBox();
  expect(sandbox?.y ?? 0).toBeGreaterThan((canvas?.y ?? 0) + (canvas?.height ?? 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  watch.assertClean();
});

test.describe('Sandbox (free play)', () => {
  test('key 6, the last card of the catalogue: no script, What-if open, a hint for a caption; Step jumps between faults', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openPlayer(page);
    await expect(scenarioOptions(page).last()).toHaveAttribute('data-scenario', 'sandbox');
    await page.keyboard.press('6');
    await expect(scenarioOption(page, 'Sandbox')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Faults' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText(
      'Free play: right-click or press Enter on a node',
    );
    await expect(page.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('lease-fencing');
    await expect(page.getByRole('combobox', { name: 'Length' })).toHaveValue('120');
    await expect(page.getByRole('region', { name: 'Interventions' })).toContainText('No interventions yet');
    // Nothing happens by itself: one leader all along, no fault on the timeline.
    expect(await timelineMax(page)).toBe(120_000);
    await expect(page.locator('.marker.fault')).toHaveCount(0);

    // No faults: Step forward goes to the end, Step back to the start.
    await page.getByRole('button', { name: 'Step forward' }).click();
    expect(await timelineValue(page)).toBe(120_000);
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await timelineValue(page)).toBe(0);
    // Two faults: the steps land on them.
    const first = await seek(page, 20_000);
    await page.getByRole('region', { name: 'Faults' }).getByRole('button', { name: 'Crash' }).click();
    const second = await seek(page, 50_000);
    await page
      .getByRole('region', { name: 'Faults' })
      .getByRole('combobox', { name: 'Node' })
      .selectOption('node-3');
    await page.getByRole('region', { name: 'Faults' }).getByRole('button', { name: 'Crash' }).click();
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await timelineValue(page)).toBe(first);
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await timelineValue(page)).toBe(0);
    await page.getByRole('button', { name: 'Step forward' }).click();
    expect(await timelineValue(page)).toBe(first);
    await page.getByRole('button', { name: 'Step forward' }).click();
    expect(await timelineValue(page)).toBe(second);
    watch.assertClean();
  });

  test('etcd lease: crash the leader at the cursor, a new leader after about the TTL, in the metrics', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=sandbox');
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('lease');
    await expect(
      page.getByRole('region', { name: 'Knobs' }).getByRole('switch', { name: 'fencing' }),
    ).toHaveAttribute('aria-checked', 'false');
    const at = await seek(page, 30_000);
    expect(await roleOf(page, 'node-1')).toBe('leader');
    await page.locator('[data-node="node-1"]').focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('menu', { name: /Faults for node-1/ })
      .getByRole('menuitem', { name: 'Crash' })
      .click();
    await expect.poll(() => roleOf(page, 'node-1')).toBe('down'); // the new run comes from the worker

    const ttlMs = 30_000;
    await seek(page, at + ttlMs + 2000);
    const leaders = [];
    for (const n of ['node-2', 'node-3', 'node-4', 'node-5'])
      if ((await roleOf(page, n)) === 'leader') leaders.push(n);
    expect(leaders).toHaveLength(1);
    const failover = page.locator('[data-metric="failovers"] li').first();
    await expect(failover).toContainText('node-1 lost (crash)');
    // "leads after 0:20.5" (m:ss.s)
    const m = /leads after (\d+):([\d.]+)/.exec((await failover.textContent()) ?? '');
    const took = (Number(m?.[1]) * 60 + Number(m?.[2])) * 1000;
    expect(took).toBeGreaterThanOrEqual(ttlMs - 10_000);
    expect(took).toBeLessThanOrEqual(ttlMs + 2000);
    watch.assertClean();
  });

  test('bully: crash node-5 and node-4 leads', async ({ page }) => {
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=sandbox');
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('bully');
    await expect(page.getByRole('region', { name: 'Knobs' })).toContainText('answerTimeoutMs');
    const at = await seek(page, 10_000);
    expect(await roleOf(page, 'node-5')).toBe('leader');
    await page.locator('[data-node="node-5"]').click({ button: 'right' });
    await page
      .getByRole('menu', { name: /Faults for node-5/ })
      .getByRole('menuitem', { name: 'Crash' })
      .click();
    await seek(page, 15_000);
    await expect.poll(() => roleOf(page, 'node-5')).toBe('down'); // the new run comes from the worker
    expect(await roleOf(page, 'node-4')).toBe('leader');
    await expect(page.locator('[data-metric="failovers"] li').first()).toContainText('node-4 leads after');
    // The link says what is on screen.
    await expect.poll(() => new URL(page.url()).searchParams.get('algorithm')).toBe('bully');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('fault')).toEqual([`${at},crash,node-5`]);
    watch.assertClean();
  });

  test('a link with the sandbox, its algorithm, knobs, a fault and compare reopens all of it', async ({
    page,
  }) => {
    const watch = watchPage(page);
    const q =
      '?scenario=sandbox&algorithm=heartbeat&duration=60&set=quorum:on&fault=3000,crash,node-5&compare=quorum:off&whatif=1';
    await openPlayer(page, q);
    await expect(scenarioOption(page, 'Sandbox')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('heartbeat-quorum');
    await expect(page.getByRole('combobox', { name: 'Length' })).toHaveValue('60');
    expect(await timelineMax(page)).toBe(60_000);
    const other = page.getByRole('region', { name: 'Comparison run' });
    await expect(other.getByRole('heading', { name: 'Comparison · quorum: off' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Interventions' })).toContainText('crash node-5');
    // Undo has nothing to undo: the link is where this visit starts.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    // A bad algorithm is named, and the sandbox still opens with its default.
    await openPlayer(page, '?scenario=sandbox&algorithm=paxos');
    await expect(page.getByText('Ignored “algorithm”: “paxos”. unknown algorithm "paxos"')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('lease-fencing');
    watch.assertClean();
  });
});
