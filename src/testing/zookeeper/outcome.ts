/**
 * What a script run yields, the same on the model and on the real ensemble, and how two runs are
 * compared. Times are in ms since the latest anchor (the start of a top-level step, or a cut's heal),
 * so the time real operations take does not add up along a script. A cut, a reset and a kill end
 * with SETTLE_MS of waiting, so what they cause lands within their own step.
 *
 * Tolerance: a real event must come no earlier than `early` and no later than `late` ms from the
 * model's time. Base slop SLOP_MS covers scheduling on a loaded machine; an event the server times
 * adds 2 x tickTime (sessions expire in buckets of tickTime, SessionTrackerImpl, and a follower
 * passes its sessions' pings to the leader once a tick); a reconnect after a heal adds the client's
 * connect timeout (session / servers) and its spin delay (ClientCnxn: a random 0-1000 ms sleep once
 * every server was tried). A server that loses its quorum closes its clients' connections once it
 * notices: at once when its leader dies, within syncLimit ticks when it leads (QUORUM_LOST_LATE_MS).
 * A real run also reports how long the harness's own event loop was held up (stallMs, measured with
 * Node's monitorEventLoopDelay): on a machine shared with other work the harness reads the times that
 * much late, or sets an anchor that much late, and the window widens by exactly that, no more.
 */
export const SLOP_MS = 400;

export interface ClientEvent {
  /** SyncConnected, Disconnected, Expired, or "NodeDeleted <name>". */
  what: string;
  /** The anchor it is timed from (a top-level step's index, or "<index>/heal") and ms since it. */
  anchor: string;
  since: number;
  /** ms since the run began. */
  at: number;
  /** Model only: how much earlier / later the real one may come. */
  early?: number;
  late?: number;
}

export interface Outcome {
  answers: string[];
  events: Record<string, ClientEvent[]>;
  /** When each anchor began, ms since the run began. */
  anchors: Record<string, number>;
  /**
   * Real only: the longest the harness's own event loop was held up during the run (ms). A time the
   * harness reads that late is the loaded machine's, not the ensemble's, so the window widens by it.
   */
  stallMs?: number;
}

/**
 * NodeDeleted events that arrive together (within 50 ms) in name order: a session's ephemerals are
 * deleted by one transaction in no set order (DataTree.killSession walks a HashSet), so their events
 * come in any order.
 */
export function together(events: readonly ClientEvent[]): ClientEvent[] {
  const out = [...events];
  const deleted = (e: ClientEvent | undefined) => e?.what.startsWith('NodeDeleted ') === true;
  for (let i = 0; i < out.length; i++) {
    if (!deleted(out[i])) continue;
    let j = i + 1;
    while (j < out.length && deleted(out[j]) && (out[j] as ClientEvent).at - (out[i] as ClientEvent).at <= 50)
      j++;
    const run = out.slice(i, j).sort((a, b) => (a.what < b.what ? -1 : a.what > b.what ? 1 : 0));
    out.splice(i, run.length, ...run);
    i = j - 1;
  }
  return out;
}

/** A readable list of what differs; undefined when the runs agree within the tolerance. */
export function compareOutcomes(name: string, model: Outcome, real: Outcome): string | undefined {
  const out: string[] = [];
  const len = Math.max(model.answers.length, real.answers.length);
  for (let i = 0; i < len; i++)
    if (model.answers[i] !== real.answers[i])
      out.push(`answer ${i}: model ${model.answers[i]}, real ${real.answers[i]}`);
  const clients = new Set([...Object.keys(model.events), ...Object.keys(real.events)]);
  for (const c of [...clients].sort()) {
    const m = together(model.events[c] ?? []);
    const r = together(real.events[c] ?? []);
    const seq = (es: ClientEvent[]) => es.map((e) => e.what).join(', ');
    if (seq(m) !== seq(r)) {
      out.push(`client ${c} events: model [${seq(m)}], real [${seq(r)}]`);
      continue;
    }
    m.forEach((me, i) => {
      const re = r[i] as ClientEvent;
      // Timed from the model's anchor: a real event may land just after the next step began.
      const since = re.at - (real.anchors[me.anchor] ?? Number.NaN);
      const stall = Math.ceil(real.stallMs ?? 0);
      const lo = me.since - (me.early ?? SLOP_MS) - stall;
      const hi = me.since + (me.late ?? SLOP_MS) + stall;
      if (!(since >= lo && since <= hi))
        out.push(
          `client ${c} ${me.what}: model at step ${me.anchor} +${me.since} ms (real may be ${lo}..${hi}${stall ? `, with the harness held up ${stall} ms` : ''}), real at +${Math.round(since)} ms (step ${re.anchor} +${Math.round(re.since)})`,
        );
    });
  }
  return out.length === 0 ? undefined : `${name}:\n  ${out.join('\n  ')}`;
}
