/**
 * The page's live source: the recording of a live run (src/live/, in Node), streamed by the control
 * service as Server-Sent Events, shown in the player as a trace that grows; the page's faults go back
 * to the service instead of being simulated. Once the recording stops, the run on screen is an
 * ordinary trace: scrub it, export it, share it. Nothing recorded is dropped when the service or the
 * cluster becomes unreachable: the page keeps what it has and says so.
 */
import { upperBound } from '../lib/search.ts';
import { type Fault, liveForm } from '../sim/faults/table.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import type { PlayerStore } from './store.ts';

export interface LiveStatus {
  /** The page hears the control service. */
  connected: boolean;
  /** The nodes' last request to etcd was answered (false: the cluster is unreachable). */
  reachable: boolean;
  quorum: boolean;
  members: Array<{ index: number; id: string; state: 'running' | 'stopped' | 'killed' }>;
  stopped: boolean;
  events: number;
  /** The kind of the last fault the service refused (live mode has no partitions or link faults). */
  refused: string | null;
}

export type StoreFaultKind = 'member-stop' | 'member-resume' | 'member-kill' | 'member-restart';

export type MemberState = LiveStatus['members'][number]['state'];

/** The faults an etcd member in each state takes: the live bar's buttons and live Patroni's What-if panel. */
export const MEMBER_FAULTS: Record<MemberState, StoreFaultKind[]> = {
  running: ['member-stop', 'member-kill'],
  stopped: ['member-resume', 'member-kill'],
  killed: ['member-restart'],
};

/** How often the growing recording is handed to the player (its index is rebuilt each time). */
const REFRESH_MS = 500;
/** The cursor follows the live edge while it is within this of it. */
const FOLLOW_MS = 2500;

export interface LiveSource {
  /** A fault at a node (the What-if menu) or an etcd member, now. */
  fault(f: Fault | { kind: StoreFaultKind; member: number }): Promise<boolean>;
  /** A request of the service's own list as it is (a live Patroni run's faults), now. */
  request(body: Record<string, unknown>): Promise<boolean>;
  /** Ends the recording: the cluster stops, the run on screen stays. */
  stop(): Promise<void>;
  close(): void;
}

/**
 * Files a streamed event in time order, after those of its millisecond: a live Patroni fault is
 * stamped when it was asked for and recorded once done, after events of later times.
 */
export function fileEvent(events: TraceEvent[], ev: TraceEvent): void {
  if ((events[events.length - 1]?.t ?? 0) <= ev.t) events.push(ev);
  else
    events.splice(
      upperBound(events.length, (i) => events[i]?.t ?? 0, ev.t),
      0,
      ev,
    );
}

export function connectLive(
  store: PlayerStore,
  token: string,
  onStatus: (s: LiveStatus) => void,
  origin = '',
): LiveSource {
  let head: (Omit<Trace, 'events' | 'steps'> & { steps?: Trace['steps'] }) | null = null;
  const events: TraceEvent[] = [];
  let dirty = false;
  let shownOnce = false;
  let status: LiveStatus = {
    connected: false,
    reachable: true,
    quorum: true,
    members: [],
    stopped: false,
    events: 0,
    refused: null,
  };
  const report = (patch: Partial<LiveStatus>) => {
    status = { ...status, ...patch, events: events.length };
    onStatus(status);
  };

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Live-Token': token },
      body: JSON.stringify(body),
    });
    // null: refused (not on the service's list); false: it would change nothing.
    if (!res.ok) return null;
    return ((await res.json()) as { changed?: boolean }).changed !== false;
  };

  const request = (body: Record<string, unknown>) =>
    post('/live/fault', body).then(
      (ok) => {
        report({ refused: ok === null ? String(body.kind) : null });
        return ok === true;
      },
      () => false,
    );
  // The form live mode applies a node fault in (the fault table's `live`: an isolation is from the store).
  const fault = (f: Fault | { kind: StoreFaultKind; member: number }) =>
    request('member' in f ? f : (liveForm(f) ?? f));

  // The What-if menu's faults go to the service while recording.
  const original = store.getState().addIntervention;
  store.getState().setWhatIf(true);
  store.setState({
    addIntervention: (tf) => void fault(tf.fault),
    liveRequest: (body) => void request(body),
    liveRecording: true,
  });

  const show = () => {
    if (!dirty || !head) return;
    dirty = false;
    const last = events[events.length - 1]?.t ?? 0;
    const durationMs = Math.max(1, status.stopped ? head.durationMs : last);
    const { steps = [], ...fields } = head;
    const trace: Trace = { ...fields, durationMs, events: [...events], steps };
    const s = store.getState();
    const follow = !shownOnce || s.t >= s.until - FOLLOW_MS;
    const t = s.t;
    const playing = s.playing;
    if (!s.loadTrace(trace)) return;
    shownOnce = true;
    store.getState().seek(follow ? durationMs : t);
    if (playing && !follow) store.getState().play();
  };
  const timer = setInterval(show, REFRESH_MS);

  const es = new EventSource(`${origin}/live/events?token=${token}`);
  es.addEventListener('open', () => report({ connected: true }));
  es.addEventListener('error', () => report({ connected: false }));
  es.addEventListener('head', (e) => {
    head = JSON.parse((e as MessageEvent<string>).data) as Omit<Trace, 'events' | 'steps'>;
    dirty = true;
  });
  es.addEventListener('events', (e) => {
    const more = JSON.parse((e as MessageEvent<string>).data) as TraceEvent[];
    // In time order: a live Patroni fault is stamped when it was asked for and recorded once done.
    for (const ev of more)
      events.splice(
        upperBound(events.length, (i) => events[i]?.t ?? 0, ev.t),
        0,
        ev,
      );
    if (more.length > 0) dirty = true;
  });
  es.addEventListener('status', (e) => {
    const s = JSON.parse((e as MessageEvent<string>).data) as Omit<LiveStatus, 'connected' | 'events'>;
    // The end of the recording is the 'stopped' event (it carries the run's length), not the status.
    report({ ...s, stopped: status.stopped, connected: true });
  });
  es.addEventListener('stopped', (e) => {
    if (status.stopped) return;
    const { durationMs } = JSON.parse((e as MessageEvent<string>).data) as { durationMs: number };
    if (head) head = { ...head, durationMs };
    // Events after the end are not part of the run.
    while (events.length > 0 && (events[events.length - 1]?.t ?? 0) > durationMs) events.pop();
    dirty = true;
    report({ stopped: true });
    finish();
  });

  const finish = () => {
    es.close();
    show();
    clearInterval(timer);
    store.setState({ addIntervention: original, liveRequest: null, liveRecording: false });
  };

  return {
    fault,
    request,
    async stop() {
      await post('/live/stop', {}).catch(() => null);
    },
    close() {
      finish();
    },
  };
}
