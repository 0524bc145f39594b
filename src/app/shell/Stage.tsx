/** The player's main area: the cluster picture with its narration and controls (Stage), the side panels and the trace views. */
import { memo, type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { usePlayer } from '../../player/react.ts';
import type { Run } from '../../player/store.ts';
import { WhatIf } from '../../sandbox/WhatIf.tsx';
import { ClusterView } from '../../views/ClusterView.tsx';
import { Controls } from '../../views/Controls.tsx';
import { Narration } from '../../views/Narration.tsx';
import { useCaptions, useShownStep, useStepFrame, useStorySteps } from '../../views/story.ts';
import { AuthorEntry } from '../author/AuthorEntry.tsx';
import { afterFirstFrame } from '../boot/firstFrame.ts';
import { ChunkFailed, lazyChunk } from '../boot/lazyChunk.tsx';
import { ForeignStory } from '../link/ForeignStory.tsx';
import type { TracePanel } from '../link/view.ts';
import { MessageCounts } from './MessageCounts.tsx';

// Not needed for the first drawn cluster: each is a chunk fetched when first shown.
// A chunk that fails to load (offline) shows an inline message with Retry in its place (lazyChunk.tsx).
const CompareTag = lazyChunk(() => import('../../sandbox/CompareStage.tsx').then((m) => m.CompareTag));
const ComparePane = lazyChunk(() => import('../../sandbox/CompareStage.tsx').then((m) => m.ComparePane));
// The trace views sit below the picture: the sequence diagram's chunk is fetched once the cluster is
// drawn, the event log's when its tab is first shown; their place keeps its height meanwhile.
const traceLoading = <div className="trace-loading" />;
const SequenceDiagram = lazyChunk(
  () => import('../../views/SequenceDiagram.tsx').then((m) => m.SequenceDiagram),
  { fallback: traceLoading, idle: true },
);
const EventLog = lazyChunk(() => import('../../views/EventLog.tsx').then((m) => m.EventLog), {
  fallback: traceLoading,
});
// The panels of the store, storage, proxy and database: the default story (Bully) has none of those
// hosts. Fetched after the first frame, when a change is first simulated (the new run lands after it),
// or before the first render of a link that opens another story (start.tsx).
const StoryPanels = lazyChunk(() => import('./StoryPanels.tsx').then((m) => m.StoryPanels), {
  idle: true,
});
// A pitfall story's switch to its fix (the default story has none): fetched with the story panels.
const FixToggle = lazyChunk(() => import('./FixToggle.tsx').then((m) => m.FixToggle), { idle: true });
// "Try to break it" on a story with a challenge, and the challenge's panel: fetched with the story panels.
const Challenge = lazyChunk(() => import('../challenge/Challenge.tsx').then((m) => m.Challenge), {
  idle: true,
});
// The node inspector (statecharts laid out at build time) is fetched when a node is first inspected.
const InspectorPane = lazyChunk(() =>
  import('../../views/inspector/Inspector.tsx').then((m) => m.InspectorPane),
);
const NodeMenu = lazyChunk(() => import('../../sandbox/NodeMenu.tsx').then((m) => m.NodeMenu), {
  failed: (p, retry) => <ChunkFailed onRetry={retry} onClose={p.onClose} />,
});
// A click on a node is the first thing many do: its menu is fetched ahead once the first frame is
// drawn, so that click does not wait for a fetch (on a loaded machine, seconds).
afterFirstFrame(() => void NodeMenu.preload());

type TraceTab = TracePanel;

export function TraceViews({
  run,
  onSeek,
  tab,
  setTab,
}: {
  run: Run;
  onSeek(t: number): void;
  tab: TraceTab;
  setTab(tab: TraceTab): void;
}) {
  const time = usePlayer((s) => s.t);
  const tabs: TraceTab[] = ['sequence', 'log'];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: ReactKeyboardEvent, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const to = (i + 1) % 2;
    setTab(tabs[to] as TraceTab);
    refs.current[to]?.focus();
  };
  return (
    <section className="trace-views" aria-label={t('app.views')}>
      <div className="subtabs" role="tablist" aria-label={t('app.views')}>
        {tabs.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`trace-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`trace-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="subtab"
            onClick={() => setTab(k)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(k === 'sequence' ? 'app.tabSequence' : 'app.tabLog')}
          </button>
        ))}
      </div>
      <div
        className="trace-panel"
        role="tabpanel"
        id={`trace-panel-${tab}`}
        aria-labelledby={`trace-tab-${tab}`}
      >
        {tab === 'sequence' ? (
          <SequenceDiagram index={run.index} t={time} onSeek={onSeek} />
        ) : (
          <EventLog index={run.index} t={time} onSeek={onSeek} />
        )}
      </div>
    </section>
  );
}

/** Closed, the What-if bar does not use the cursor: it is handed the last instant it was open at. */
const WhatIfAtCursor = memo(WhatIf);

/** Whether a run has a host beside its nodes with a panel (StoryPanels.tsx), or a write to show. */
function hasStoryPanels(run: Run): boolean {
  return run.trace.hosts.some((h) => h.kind !== 'node' && h.kind !== 'client') || run.index.writes.length > 0;
}

export function SidePanels({ run }: { run: Run }) {
  const time = usePlayer((s) => s.t);
  const frame = useStepFrame(run, time);
  const whatIfOpen = usePlayer((s) => s.whatIf);
  const held = useRef({ run, frame, time });
  if (whatIfOpen || held.current.run !== run) held.current = { run, frame, time };
  const changing = usePlayer((s) => s.pending !== null);
  useEffect(() => {
    if (changing) {
      void StoryPanels.preload();
      void FixToggle.preload();
    }
  }, [changing]);
  return (
    <aside className="side" aria-label={t('app.sidePanels')}>
      <WhatIfAtCursor run={run} frame={held.current.frame} time={held.current.time} />
      {hasStoryPanels(run) && <StoryPanels run={run} frame={frame} time={time} />}
      <MessageCounts index={run.index} t={time} />
    </aside>
  );
}

export function Stage({ run, onAdr }: { run: Run; onAdr(): void }) {
  const time = usePlayer((s) => s.t);
  const stepIndex = useShownStep(run);
  const goToStep = usePlayer((s) => s.goToStep);
  const frame = useStepFrame(run, time);
  const whatIf = usePlayer((s) => s.whatIf);
  // Compare's second run: none while the run is an imported trace (see useCompare).
  const compared = usePlayer((s) => s.compare !== null && !s.imported);
  const [menu, setMenu] = useState<{ node: string; x: number; y: number } | null>(null);
  const inspecting = usePlayer((s) => s.inspect.length > 0);
  const locale = useLocale();
  const title = scenarioText(locale, run.scenario, 'title');
  const captions = useCaptions(run);
  const steps = useStorySteps(run, captions);
  return (
    <>
      <h2 className="sr-only">{title}</h2>
      <div className={`stage-pictures${compared ? ' comparing' : inspecting ? ' inspecting' : ''}`}>
        <div className="stage-main">
          {compared && <CompareTag run={run} />}
          <ClusterView
            index={run.index}
            frame={frame}
            timeScale={run.scenario.timeScale}
            title={t('cluster.label', { scenario: title })}
            onAdr={onAdr}
            onNodeMenu={(node: string, x: number, y: number) => setMenu({ node, x, y })}
          />
        </div>
        {compared && <ComparePane run={run} time={time} />}
        {inspecting && !compared && <InspectorPane run={run} />}
      </div>
      {menu && <NodeMenu run={run} frame={frame} {...menu} faults={whatIf} onClose={() => setMenu(null)} />}
      {/* A challenge's run has its own fix switch (Challenge.tsx): its answer is the search's. */}
      {run.scenario.fix && !run.scenario.id.startsWith('challenge-') && <FixToggle run={run} />}
      {run.scenario.challenge && <Challenge run={run} />}
      <ForeignStory />
      <Narration steps={steps} stepIndex={stepIndex} onJump={goToStep} />
      <Controls run={run} captions={captions} />
      {/* "New story" (src/app/author): none on a challenge, whose run is the student's. */}
      {!run.scenario.id.startsWith('challenge-') && <AuthorEntry run={run} />}
    </>
  );
}
