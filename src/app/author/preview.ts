/**
 * The player as the draft's preview, kept in step both ways. The draft's setup and captions make a
 * story (the file as it would be saved, its faults aside), opened in the player at the same moment;
 * its faults are the player's What-if faults, so the What-if menu adds them at the cursor. A change
 * made in the What-if panel (a fault, a knob, the cluster size) comes back as an authoring action, so
 * it is undone like any other; one made here (undo, the lists) goes to the player.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { getLocale } from '../../i18n/index.ts';
import { usePlayerStore } from '../../player/react.ts';
import type { PlayerStore, Run } from '../../player/store.ts';
import type { TimedFault } from '../../sim/scenario/schema.ts';
import { fileStoryId, parseStoryFile } from '../../sim/scenario/storyFile.ts';
import { anchorsOf, type Draft, draftFile } from './draft.ts';
import { authoring, useAuthoring } from './session.ts';

/** The run's id while previewing: the draft's file id in the file namespace. */
export const previewId = (d: Draft) => fileStoryId(d.id);

const key = (fs: readonly TimedFault[]) =>
  JSON.stringify(
    [...fs].sort((a, b) => a.atMs - b.atMs || JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );

/** While our own change is being simulated, the player's inputs are not the author's: not read back. */
let ours = 0;
/**
 * The author's moment: where the cursor was last moved within a run (a new run's landing resets it
 * to the start, which is not the author's move). A reopened preview goes back there, even when the
 * author moved the cursor while it was being simulated.
 */
let cursor = 0;

/** The anchors of the story last opened: its steps follow their events in that run. */
let opened = '';
const anchorsKey = (d: Draft, events: Parameters<typeof anchorsOf>[1]) =>
  JSON.stringify(anchorsOf(d.captions, events).map((p) => p.anchor));

/**
 * The story again when its steps' anchors changed in the run now on screen: a fault moved past a
 * snapped caption's event reorders the steps, or counts its event from another one (anchorsOf).
 * Opened from these events, the next run's are the same: it settles there.
 */
function recheck(store: PlayerStore) {
  const d = authoring.get()?.draft;
  const run = store.getState().run;
  if (!d || !run || run.scenario.id !== previewId(d)) return;
  if (anchorsKey(d, run.trace.events) !== opened) open(store, d, false);
}

function settle(store: PlayerStore, then: () => void) {
  ours++;
  store.getState().whenSettled(() => {
    ours--;
    if (!caughtUp(store)) then();
  });
}

/**
 * Our own changes settled: faults the author changed meanwhile go to the player now. The faults'
 * effect (usePreview) skips while `ours` counts, so a fault moved right after a caption was added,
 * while the story was being opened again, was otherwise never simulated (seen in CI, under load).
 * True when there were such faults (their run then rechecks the anchors once it settles).
 */
function caughtUp(store: PlayerStore): boolean {
  const faults = authoring.get()?.draft.faults;
  const p = store.getState();
  if (ours > 0 || !faults || key(p.interventions) === key(faults)) return false;
  p.setInputs({ interventions: faults });
  settle(store, () => recheck(store));
  return true;
}

/**
 * Opens the draft in the player (same moment); its problem in words, or null. Its anchors are read
 * in the run on screen; a new setup makes another run, so they are read again there (`again`).
 */
function open(store: PlayerStore, d: Draft, again = true): string | null {
  let scenario: ReturnType<typeof parseStoryFile>['scenario'];
  try {
    const events = store.getState().run?.trace.events ?? [];
    scenario = parseStoryFile(draftFile({ ...d, faults: [] }, events, getLocale()), 'story').scenario;
    opened = anchorsKey(d, events);
  } catch (e) {
    const m = e instanceof Error ? e.message : String(e);
    return m.split('\n')[0] ?? m;
  }
  ours++;
  store.getState().openStory(scenario);
  store.getState().whenSettled(() => {
    const p = store.getState();
    p.setWhatIf(true);
    const faults = authoring.get()?.draft.faults ?? [];
    if (faults.length > 0) p.setInputs({ interventions: faults });
    p.whenSettled(() => {
      ours--;
      const s = store.getState();
      if (s.run) s.seek(Math.min(cursor, s.run.trace.durationMs));
      if (!caughtUp(store) && again) recheck(store);
    });
  });
  return null;
}

export function usePreview(_run: Run): string | null {
  const store = usePlayerStore();
  const s = useAuthoring();
  const [problem, setProblem] = useState<string | null>(null);
  const d = s?.draft;
  // Everything but the faults makes the story; the faults are the player's inputs.
  const storyKey = d ? JSON.stringify({ ...d, faults: undefined }) : '';
  // Layout effects, here and for the watch below: the story is opened, and the player watched, in
  // the commit that shows the editor. In passive effects, which run later (a task later, under
  // load), a What-if click on the editor's first frame went to the story before and was lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the story changes with its key only.
  useLayoutEffect(() => {
    const now = authoring.get()?.draft;
    if (now) setProblem(open(store, now));
  }, [storyKey, store]);

  // The draft's faults to the player (undo, redo, the list's edits).
  const faults = d?.faults;
  useEffect(() => {
    if (!faults || ours > 0) return;
    const p = store.getState();
    if (key(p.interventions) !== key(faults)) {
      p.setInputs({ interventions: faults });
      settle(store, () => recheck(store));
    }
  }, [faults, store]);

  // The What-if panel's changes back to the draft, as authoring actions.
  useLayoutEffect(() => {
    cursor = store.getState().t;
  }, [store]);
  useLayoutEffect(
    () =>
      store.subscribe((p, prev) => {
        if (p.run === prev.run && p.t !== prev.t) cursor = p.t;
        if (p.interventions === prev.interventions && p.params === prev.params && p.nodes === prev.nodes)
          return;
        const a = authoring.get();
        if (!a) return;
        if (ours > 0) {
          // Our own change under way sets the story's faults to none, then to the draft's. Faults that
          // are neither were the author's, in the What-if menu meanwhile: the draft's too, or caughtUp
          // would put the draft's back over them (a crash added while the editor opened was lost).
          const k = key(p.interventions);
          if (
            p.interventions !== prev.interventions &&
            p.scenarioId === previewId(a.draft) &&
            k !== key([]) &&
            k !== key(a.draft.faults)
          )
            authoring.dispatch({ type: 'faults', faults: [...p.interventions] });
          return;
        }
        if (p.run?.scenario.id !== previewId(a.draft)) return;
        if (key(p.interventions) !== key(a.draft.faults)) {
          authoring.dispatch({ type: 'faults', faults: [...p.interventions] });
          p.whenSettled(() => recheck(store));
        }
        if (Object.keys(p.params).length > 0)
          authoring.dispatch({ type: 'setup', params: { ...a.draft.params, ...p.params } });
        if (p.nodes !== undefined && p.nodes !== a.draft.nodes)
          authoring.dispatch({ type: 'setup', nodes: p.nodes });
      }),
    [store],
  );
  return problem;
}
