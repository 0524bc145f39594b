/**
 * The What-if menu on a live Patroni run (`npm run live -- --system patroni`): the faults of its
 * table (src/live/patroni/faults.ts PATRONI_FAULTS, which the page does not import: it is Node's)
 * that apply to the clicked host as the recording shows it, each as the request `--fault` takes.
 * The recording writes a node fault as the simulation's fault of the same meaning (a SIGSTOP as a
 * pause, a cut from etcd as an isolation from the store, a cut of HAProxy's checks as a cut link),
 * so the frame says what is in force; an etcd member's state is folded from its marks.
 */
import { t } from '../i18n/index.ts';
import { MEMBER_FAULTS, type MemberState } from '../player/live.ts';
import type { Run } from '../player/store.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Frame, NodeView } from '../sim/trace/frame.ts';
import { memberName } from './faults.ts';

/** A request of the control service's Patroni list: `{"kind":"pause","node":"pg-2"}`, `{"kind":"member-kill","member":1}`. */
export type PatroniRequest = { kind: string; node: string } | { kind: string; member: number };

export interface PatroniAction {
  id: string;
  label: string;
  request: PatroniRequest;
}

/** A live recording of the Patroni story (the recording's trace is the story's, src/live/patroni/run.ts). */
export const isPatroniRecording = (run: Pick<Run, 'trace'>): boolean =>
  run.trace.scenario === 'patroni' && run.trace.source === 'etcd';

const MEMBER_AFTER: Record<string, MemberState> = {
  'member-kill': 'killed',
  'member-stop': 'stopped',
  'member-resume': 'running',
  'member-restart': 'running',
};

/** The etcd members' states after the first `count` events (the recording's member marks). */
export function memberStates(events: readonly TraceEvent[], count: number, members = 3): MemberState[] {
  const out: MemberState[] = Array.from({ length: members }, () => 'running');
  for (let i = 0; i < Math.min(count, events.length); i++) {
    const e = events[i];
    if (e?.k !== 'mark' || e.node !== 'etcd') continue;
    const to = MEMBER_AFTER[e.name];
    const m = Number(e.data?.member);
    if (to && m >= 1 && m <= members) out[m - 1] = to;
  }
  return out;
}

const cut = (frame: Frame, a: string, b: string) =>
  frame.cuts.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** Each etcd member's faults for its state at the frame (the What-if panel's "Members of etcd"). */
export function memberActions(frame: Frame, events: readonly TraceEvent[]): PatroniAction[] {
  return memberStates(events, frame.eventCount).flatMap((state, i) =>
    MEMBER_FAULTS[state].map((kind) => ({
      id: `${kind}-${i + 1}`,
      label: t(`faults.${kind}`, { member: memberName(i + 1) }),
      request: { kind, member: i + 1 },
    })),
  );
}

/** The faults that change something for `view` now; none for a killed node (PATRONI_FAULTS has no restart). */
export function patroniActions(view: NodeView, frame: Frame, events: readonly TraceEvent[]): PatroniAction[] {
  if (view.kind === 'store') return memberActions(frame, events);
  if (view.kind !== 'node' || !view.up) return [];
  const node = view.id;
  const kinds = [
    // The story's kill (Patroni and its postmaster), offered on the primary as the story does it.
    ...(view.role === 'leader' ? ['kill'] : []),
    view.paused ? 'resume' : 'pause',
    view.isolated ? 'rejoin-etcd' : 'isolate-etcd',
    cut(frame, 'haproxy', node) ? 'heal-checks' : 'cut-checks',
  ];
  return kinds.map((kind) => ({ id: kind, label: t(`faults.patroni.${kind}`), request: { kind, node } }));
}
