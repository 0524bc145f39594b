/**
 * "New story": the button under the story (any story, the sandbox) that starts writing one from what
 * is on screen (its algorithm, cluster, knobs, seed, length and faults), and the panel once started.
 */
import { t } from '../../i18n/index.ts';
import { usePlayer, usePlayerStore } from '../../player/react.ts';
import type { PlayerState, Run } from '../../player/store.ts';
import { lazyChunk } from '../boot/lazyChunk.tsx';
import type { Draft } from './draft.ts';
import { authoring, useAuthoring } from './session.ts';

// The panel, its schema and its strings come when first opened.
const AuthorPanel = lazyChunk(() => import('./AuthorPanel.tsx').then((m) => m.AuthorPanel));

/** A draft from the run on screen: its setup and faults, no captions yet. */
export function draftOf(run: Run, p: PlayerState): Draft {
  return {
    id: 'new-story',
    title: {},
    algorithm: run.scenario.algorithm,
    nodes: p.nodes ?? run.trace.hosts.filter((h) => h.kind === 'node').length,
    seed: run.trace.seed,
    durationMs: run.trace.durationMs,
    timeScale: run.scenario.timeScale,
    params: { ...run.scenario.params, ...p.params },
    faults: [...run.scenario.faults, ...p.interventions].sort((a, b) => a.atMs - b.atMs),
    captions: [],
  };
}

export function AuthorEntry({ run }: { run: Run }) {
  const store = usePlayerStore();
  const imported = usePlayer((s) => s.imported);
  const s = useAuthoring();
  if (s) return <AuthorPanel run={run} />;
  if (imported) return null;
  return (
    <button
      type="button"
      className="button small author-new"
      onClick={() => {
        authoring.start(draftOf(run, store.getState()));
        store.getState().setWhatIf(true);
      }}
    >
      {t('author.new')}
    </button>
  );
}
