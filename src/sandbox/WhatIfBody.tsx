import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import type { Frame } from '../sim/trace/frame.ts';
import { BranchSection } from './BranchSection.tsx';
import { CompareSection } from './CompareSection.tsx';
import { ExploreSection } from './ExploreSection.tsx';
import { FaultsPanel, InterventionList } from './FaultsPanel.tsx';
import { KnobsPanel } from './KnobsPanel.tsx';
import { MetricsPanel } from './MetricsPanel.tsx';
import { SandboxSection } from './SandboxSection.tsx';
import { SweepPanel } from './SweepPanel.tsx';

/** The open What-if panels: a chunk of their own (WhatIf.tsx loads it on first open). */
export default function WhatIfBody({ run, frame, time }: { run: Run; frame: Frame; time: number }) {
  // A live recording: faults go to the real nodes now; the rest re-simulates, which a recording cannot.
  const live = usePlayer((s) => s.liveRecording);
  if (live) return <FaultsPanel run={run} frame={frame} />;
  return (
    <>
      {run.scenario.freePlay && <SandboxSection run={run} />}
      <FaultsPanel run={run} frame={frame} />
      <InterventionList run={run} />
      <MetricsPanel run={run} time={time} />
      <KnobsPanel run={run} />
      <CompareSection run={run} />
      <ExploreSection run={run} />
      <BranchSection run={run} />
      <SweepPanel />
    </>
  );
}
