import type { Page } from '@playwright/test';
import {
  catalogueButton,
  expect,
  frameSnapshot,
  openPlayer,
  roleOf,
  SCENARIOS,
  type ScenarioId,
  scenarioOption,
  selectedScenario,
  shot,
  stepToEnd,
  test,
  timeline,
  timelineMax,
  timelineValue,
  watchPage,
} from './helpers.ts';

/**
 * The scenario player, driven like a person with a keyboard: pick a scenario with 1-5, step with
 * the arrows, play with Space at 10x; then check on screen what each story says it ends
 * with. Everything is found by its accessible name.
 */

/** What the end of each run must show. */
const OUTCOME: Record<ScenarioId, (page: Page) => Promise<void>> = {
  bully: async (page) => {
    expect(await roleOf(page, 'node-4')).toBe('leader');
    expect(await roleOf(page, 'node-5')).toBe('down');
    await expect(page.locator('[data-node="node-4"]')).toHaveAttribute('aria-label', /^node-4: leader/);
  },
  'etcd-lease': async (page) => {
    expect(await roleOf(page, 'node-2')).toBe('leader');
    expect(await roleOf(page, 'node-1')).toBe('down');
    await expect(page.locator('[data-node="node-2"]')).toHaveAttribute(
      'aria-label',
      'node-2: leader, token 43',
    );
  },
  'split-brain': async (page) => {
    const alarm = page.getByRole('alert');
    await expect(alarm).toBeVisible();
    await expect(alarm).toContainText('BOTH WRITE');
    await expect(alarm).toContainText('node-1');
    await expect(alarm).toContainText('node-5');
  },
  'fencing-token': async (page) => {
    await expect(page.getByText('409 STALE TOKEN').first()).toBeVisible();
    expect(await roleOf(page, 'node-3')).toBe('leader');
    await expect(page.locator('[data-node="node-3"]')).toHaveAttribute(
      'aria-label',
      'node-3: leader, token 43',
    );
    await expect(page.locator('[data-node="node-3"]')).toContainText('token 43');
  },
  patroni: async (page) => {
    expect(await roleOf(page, 'pg-2')).toBe('leader');
    expect(await roleOf(page, 'pg-1')).toBe('down');
    const proxy = page.getByRole('region', { name: 'Proxy: haproxy' });
    await expect(proxy.locator('[data-route]')).toHaveAttribute('data-route', 'pg-2');
    await expect(proxy).toContainText('→ pg-2');
    await expect(page.locator('[data-host="haproxy"]')).toContainText('→ pg-2');
  },
};

for (const s of SCENARIOS) {
  test.describe(s.title, () => {
    test('steps through the story with the arrows, back and forth to identical frames', async ({
      page,
    }, testInfo) => {
      const watch = watchPage(page);
      await openPlayer(page);
      // Pick the scenario with its number key.
      await page.keyboard.press(s.key);
      const tab = scenarioOption(page, s.title);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(selectedScenario(page)).toHaveCount(1);
      await expect(catalogueButton(page)).toHaveAccessibleName(`Scenarios ${s.title}`);
      await page.keyboard.press('Home');
      expect(await timelineValue(page)).toBe(0);

      const narration = page.getByRole('status', { name: 'Narration' });
      const stepCount = await page.locator('.story li').count();
      expect(stepCount).toBeGreaterThan(3);
      // A story whose first step is at t = 0 starts on it; the others start before their first step.
      const first = (await narration.textContent())?.includes(`Step 1 of ${stepCount}`) ? 1 : 0;

      // Forward through every step: each lands on a step, the caption says which; screenshot each.
      const snapshots: string[] = [await frameSnapshot(page)];
      const steps = await stepToEnd(page, async (n) => {
        const at = Math.min(n + first, stepCount);
        await expect(narration).toContainText(`Step ${at} of ${stepCount}`);
        // The last press may go past the last step to the run's end: the link then holds the time.
        const atEnd = (await timelineValue(page)) >= (await timelineMax(page));
        await expect(page).toHaveURL(
          new RegExp(`[?&]scenario=${s.id}&(step=${at}${atEnd ? '|t=\\d+' : ''})$`),
        );
        snapshots.push(await frameSnapshot(page));
        await shot(page, testInfo, `${s.id}-step-${String(n).padStart(2, '0')}`);
      });
      expect(steps).toBeGreaterThanOrEqual(stepCount - first);
      await OUTCOME[s.id](page);
      await expect(page.getByRole('button', { name: 'Step forward' })).toBeDisabled();

      // Back and forward again: every frame on the way is identical to the first pass.
      for (let i = snapshots.length - 2; i >= Math.max(0, snapshots.length - 5); i--) {
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => frameSnapshot(page)).toBe(snapshots[i]);
      }
      for (let i = Math.max(1, snapshots.length - 4); i < snapshots.length; i++) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => frameSnapshot(page)).toBe(snapshots[i]);
      }
      watch.assertClean();
    });

    test('plays to the end at 10x and stops there', async ({ page }, testInfo) => {
      const watch = watchPage(page);
      await openPlayer(page);
      await page.keyboard.press(s.key);
      await expect(scenarioOption(page, s.title)).toHaveAttribute('aria-selected', 'true');

      // Speed: the slider's End key is the top of the log scale, 10x.
      const speed = page.getByRole('slider', { name: 'Speed' });
      await speed.focus();
      await page.keyboard.press('End');
      await expect(speed).toHaveAttribute('aria-valuetext', '10×');
      await expect(page.locator('.speed output')).toHaveText('10×');

      // Space plays (the slider keeps its arrows, Space is the player's).
      await page.keyboard.press('Space');
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
      const max = await timelineMax(page);
      await expect.poll(() => timelineValue(page), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => timelineValue(page), { timeout: 30_000 }).toBe(max);
      await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
      await OUTCOME[s.id](page);
      await shot(page, testInfo, `${s.id}-end`);

      // The end is a frame like any other: back then forward returns to it exactly.
      // Hand the keys back to the page (the Speed slider would take the arrows).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const end = await frameSnapshot(page);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => frameSnapshot(page)).not.toBe(end);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => frameSnapshot(page)).toBe(end);

      // Play at the end starts over.
      await page.keyboard.press('Space');
      await expect.poll(() => timelineValue(page)).toBeLessThan(max);
      await page.keyboard.press('Space');
      watch.assertClean();
    });
  });
}

test.describe('player shell', () => {
  test('a deep link opens the scenario at that step and the URL follows the player', async ({ page }) => {
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=fencing-token&step=10');
    await expect(scenarioOption(page, 'Fencing token')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Step 10 of');
    await expect(page.getByText('409 STALE TOKEN').first()).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/[?&]scenario=fencing-token&step=9$/);
    await page.keyboard.press('1');
    await expect(page).toHaveURL(/[?&]scenario=bully(&step=1)?$/);
    watch.assertClean();
  });

  test('a bad deep link names the parameter, says what was expected, and the rest loads', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=paxos&step=3');
    const notice = page.getByRole('status', { name: 'Link problem' });
    await expect(notice).toContainText('“scenario”');
    await expect(notice).toContainText('paxos');
    await expect(notice).toContainText('bully, etcd-lease, split-brain, fencing-token, patroni');
    // The scenario falls back to the first; its step 3 still applies.
    await expect(scenarioOption(page, 'Bully algorithm (legacy)')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText('Step 3 of');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);

    await openPlayer(page, '?scenario=patroni&step=99');
    const n2 = page.getByRole('status', { name: 'Link problem' });
    await expect(n2).toContainText('“step”');
    await expect(n2).toContainText('99');
    await expect(n2).toContainText(/whole number from 1 to \d+/);
    await expect(scenarioOption(page, 'Patroni failover behind HAProxy')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    watch.assertClean();
  });

  test('keyboard: ? lists the keys, Escape closes it; the catalogue works from the keyboard alone', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openPlayer(page);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Play or pause');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The button opens the catalogue with Enter; the focus lands in the filter box.
    const button = catalogueButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const filter = page.getByRole('searchbox', { name: 'Filter scenarios' });
    await expect(filter).toBeFocused();
    // Down goes to the first card; Down and End move in the list; the choice has not changed.
    await page.keyboard.press('ArrowDown');
    await expect(scenarioOption(page, 'Bully algorithm (legacy)')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(scenarioOption(page, 'Lease-based election (etcd)')).toBeFocused();
    await page.keyboard.press('End');
    await expect(scenarioOption(page, 'Patroni failover behind HAProxy')).toBeFocused();
    await expect(scenarioOption(page, 'Bully algorithm (legacy)')).toHaveAttribute('aria-selected', 'true');
    // Enter opens the focused card: the catalogue closes and the focus is the player's.
    await page.keyboard.press('Enter');
    await expect(scenarioOption(page, 'Patroni failover behind HAProxy')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#player-panel')).toBeFocused();
    // A letter typed on a card goes on in the filter; Enter there opens the first match.
    await button.click();
    await expect(filter).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('sandb');
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('sandb');
    await expect(page.getByRole('listbox').getByRole('option', { name: 'Fencing token' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(scenarioOption(page, 'Sandbox')).toHaveAttribute('aria-selected', 'true');
    // Escape closes without a choice and hands the focus back to the button.
    await button.click();
    // Keys go where the focus is: wait until the open catalogue has put it in its filter.
    await expect(filter).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(scenarioOption(page, 'Sandbox')).toHaveAttribute('aria-selected', 'true');
    watch.assertClean();
  });

  test('the whole story lists every step; a click jumps to it', async ({ page }) => {
    await openPlayer(page, '?scenario=etcd-lease');
    await page.getByRole('button', { name: 'Read the whole story' }).click();
    const story = page.getByRole('list', { name: 'The whole story' });
    await expect(story).toBeVisible();
    const items = story.getByRole('button');
    const count = await items.count();
    expect(count).toBeGreaterThan(5);
    await items.nth(6).click();
    await expect(page.getByRole('status', { name: 'Narration' })).toContainText(`Step 7 of ${count}`);
    await expect(page).toHaveURL(/step=7$/);
  });

  test('the ADR-001 panel opens from the header and from the badge on node-1', async ({ page }) => {
    const watch = watchPage(page);
    await openPlayer(page, '?scenario=fencing-token');
    await page
      .getByRole('button', { name: /^Open ADR-001/ })
      .first()
      .click();
    const adr = page.getByRole('region', { name: /^ADR-001/ });
    await expect(adr).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(adr).toBeHidden();
    // The badge is drawn beside node-1, not inside it: in the sandbox the node is a button itself.
    const badge = page.getByRole('button', { name: 'Open ADR-001', exact: true });
    await expect(badge).toHaveAttribute('aria-label', 'Open ADR-001');
    await badge.focus();
    await page.keyboard.press('Enter');
    await expect(adr).toBeVisible();
    watch.assertClean();
  });

  test('theme: the system setting by default, the toggle overrides it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPlayer(page);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await bg();
    const toggle = page.getByRole('button', { name: /^Theme:/ });
    await expect(toggle).toHaveAccessibleName('Theme: system (dark)');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await bg()).not.toBe(dark);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The other theme is what the system shows: one click goes back to following the system.
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveAccessibleName('Theme: system (dark)');
    // Back to the system: its setting is what <html> shows, and it is followed live, name included.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(bg).toBe(dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(bg).not.toBe(dark);
    await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveAccessibleName('Theme: system (light)');
  });

  test('theme: on a light system the first click shows the dark theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPlayer(page);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    const toggle = page.getByRole('button', { name: /^Theme:/ });
    await expect(toggle).toHaveAccessibleName('Theme: system (light)');
    await expect(toggle).toHaveAttribute('title', 'Theme: system (light). A click: dark');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(bg).not.toBe(light);
    await expect(toggle).toHaveAccessibleName('Theme: dark');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: system (light)');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(bg).toBe(light);
  });

  test('theme: resolved before the app runs (no flash): the system setting, a saved choice, the link', async ({
    page,
  }) => {
    // Without the app's script, only public/theme-init.js has run: what it sets is the first paint.
    await page.route('**/assets/*.js', (r) => r.abort());
    const first = async (query: string) => {
      await page.goto(`/${query}`);
      return page.locator('html').getAttribute('data-theme');
    };
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await first('')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await first('')).toBe('light');
    expect(await first('?theme=dark')).toBe('dark');
    await page.evaluate(() => localStorage.setItem('leader-election-lab.theme', 'dark'));
    expect(await first('')).toBe('dark');
    expect(await first('?theme=light')).toBe('light');
    // An embed follows the system, not the lab's saved choice.
    expect(await first('?embed=1')).toBe('light');
  });

  test('the timeline seeks; markers show steps, faults and violations', async ({ page }) => {
    await openPlayer(page, '?scenario=split-brain');
    await expect(page.locator('.marker.step')).not.toHaveCount(0);
    await expect(page.locator('.marker.fault')).not.toHaveCount(0);
    await expect(page.locator('.marker.violation')).toHaveCount(1);
    const slider = timeline(page);
    await slider.focus();
    await page.keyboard.press('End');
    expect(await timelineValue(page)).toBe(await timelineMax(page));
    await page.keyboard.press('Home');
    expect(await timelineValue(page)).toBe(0);
  });

  test('phone portrait: the cluster stays visible and the panels stack', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayer(page, '?scenario=patroni&step=10');
    const canvas = page.locator('.cluster-canvas');
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.y ?? 999).toBeLessThan(200);
    for (const id of ['pg-1', 'pg-2', 'pg-3'])
      await expect(page.locator(`[data-node="${id}"]`)).toBeInViewport();
    const side = await page.locator('aside').boundingBox();
    expect(side?.y ?? 0).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0));
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, 'patroni-phone');
  });
});
