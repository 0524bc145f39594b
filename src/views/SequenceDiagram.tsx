import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatNumber, messageTypeLabel, t as tr } from '../i18n/index.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';
import {
  chatterOf,
  createSequence,
  defaultWindowMs,
  faultSpans,
  formatSeconds,
  type SequenceRenderer,
  type SequenceText,
} from './d3/sequence/index.ts';
import { dataSuffix, leaseHex, writeLine } from './eventText.ts';
import './panels.css';

interface Props {
  index: TraceIndex;
  t: number;
  onSeek: (t: number) => void;
}

const ZOOM_STEPS = 4;

function secs(ms: number): string {
  return tr('time.s', { s: formatNumber(Number((ms / 1000).toFixed(3))) });
}

/**
 * The text alternatives of the drawing (every arrow has one), through the catalog. `carriesTerm`:
 * the run's leaders carry a term (Raft, heartbeat, whose machines also copy it into `token`), so a
 * leadership is tagged with its term, never as a token.
 */
function sequenceText(carriesTerm: () => boolean): SequenceText {
  const line = (
    from: string,
    to: string,
    type: string,
    data?: Record<string, string | number | boolean | null>,
  ) => tr('log.send', { from, to, type: messageTypeLabel(type), data: dataSuffix(data) });
  const tag = (token: number | null, term: number | null) => {
    const own = term ?? token;
    if (carriesTerm() && own !== null) return tr('seq.tag.term', { term: own });
    return [
      token !== null ? tr('seq.tag.token', { token }) : '',
      term !== null && term !== token ? tr('seq.tag.term', { term }) : '',
    ]
      .filter(Boolean)
      .join(', ');
  };
  return {
    label: tr('seq.label'),
    message(m) {
      const l = line(m.from, m.to, m.type, m.data);
      if (m.fate === 'dropped')
        return tr('seq.msgLost', {
          line: l,
          send: secs(m.sendAt),
          arrive: secs(m.deliverAt),
          reason: tr(`log.reason.${m.dropReason ?? 'loss'}`, { to: m.to }),
        });
      return tr('seq.msg', { line: l, send: secs(m.sendAt), arrive: secs(m.deliverAt) });
    },
    leader(node, token, term, from, to) {
      const tg = tag(token, term);
      return tr('seq.leader', { node, tag: tg ? ` (${tg})` : '', from: secs(from), to: secs(to) });
    },
    tokenTag: (token, term) =>
      carriesTerm() && (term ?? token) !== null
        ? `T${term ?? token}`
        : token !== null
          ? `#${token}`
          : term !== null
            ? `T${term}`
            : '',
    paused: (node, from, to) => tr('seq.paused', { node, from: secs(from), to: secs(to) }),
    isolated: (node, from, to) => tr('seq.isolated', { node, from: secs(from), to: secs(to) }),
    down: (node, from, to) => tr('seq.down', { node, from: secs(from), to: secs(to) }),
    crash: (node, t) => tr('seq.crash', { node, t: secs(t) }),
    restart: (node, t) => tr('seq.restart', { node, t: secs(t) }),
    partition: (groups, from, to) =>
      tr('seq.partition', {
        groups: groups.map((g) => `{${g.join(', ')}}`).join(' | '),
        from: secs(from),
        to: secs(to),
      }),
    partitionTag: tr('seq.partitionTag'),
    write: (w) => writeLine(w),
    expiry: (store, lease, keys, rev) =>
      tr('log.store.expire', {
        store,
        lease: leaseHex(lease),
        rev,
        deleted: keys.length ? tr('log.store.deleted', { keys: keys.join(', ') }) : '',
      }),
    violation: (kind, detail, t) => tr('seq.violation', { kind: kind.toUpperCase(), detail, t: secs(t) }),
    role: (node, role) => tr('seq.role', { node, role: tr(`role.${role}`) }),
  };
}

type LegendKey =
  | 'message'
  | 'chatter'
  | 'lost'
  | 'leader'
  | 'leaderTerm'
  | 'write'
  | 'rejected'
  | 'expire'
  | 'paused'
  | 'down'
  | 'partition'
  | 'violation';

const carriesTerm = (index: TraceIndex) =>
  declarationOf(index.trace.algorithm)?.leadership.carries === 'term';

/** The legend names only what this trace can show. */
function legendKeys(index: TraceIndex): LegendKey[] {
  const chatter = chatterOf(index);
  const spans = faultSpans(index.faults, index.trace.durationMs);
  const has: Record<LegendKey, boolean> = {
    message: index.messages.some((m) => !chatter.has(m.id)),
    chatter: chatter.size > 0,
    // The engine's digest knows (a 24 h run has 700k messages to look over otherwise).
    lost: index.digest ? index.digest.anyLost : index.messages.some((m) => m.fate === 'dropped'),
    leader: carriesTerm(index)
      ? false
      : index.trace.events.some((e) => e.k === 'role' && e.role === 'leader'),
    leaderTerm: carriesTerm(index) && index.trace.events.some((e) => e.k === 'role' && e.role === 'leader'),
    write: index.writes.some((w) => w.status === 'accepted'),
    rejected: index.writes.some((w) => w.status === 'rejected'),
    // The index knows (a 24 h run has a million events to look over otherwise).
    expire: index.firstLeaseExpiry >= 0,
    paused: spans.paused.length > 0,
    down: spans.down.length > 0,
    partition: spans.partitions.length > 0,
    violation: index.violations.length > 0,
  };
  return (Object.keys(has) as LegendKey[]).filter((k) => has[k]);
}

function Glyph({ k }: { k: LegendKey }) {
  switch (k) {
    case 'message':
    case 'chatter':
      return (
        <>
          <line x1="1" y1="3" x2="18" y2="9" />
          <path d="M21,10 L14.6,10.6 L16.4,6.2 Z" />
        </>
      );
    case 'lost':
      return (
        <>
          <line x1="1" y1="3" x2="15" y2="8" />
          <path d="M13,5 L19,11 M19,5 L13,11" />
        </>
      );
    case 'partition':
      return <rect x="0" y="1" width="22" height="10" rx="2" />;
    case 'down':
      return <line x1="11" y1="0" x2="11" y2="12" />;
    case 'write':
    case 'rejected':
      return <rect x="7" y="2" width="8" height="8" />;
    case 'expire':
      return <path d="M6,0.5H16L6,11.5H16Z" />;
    case 'violation':
      return <path d="M11,0 L17,6 L11,12 L5,6 Z" />;
    case 'leader':
    case 'leaderTerm':
      return <rect x="8" y="0" width="6" height="12" rx="2" />;
    case 'paused':
      return <rect x="5" y="0" width="12" height="12" rx="2" />;
  }
}

function Legend({ keys }: { keys: LegendKey[] }) {
  return (
    <ul className="seq-legend" aria-label={tr('seq.legend')}>
      {keys.map((k) => (
        <li key={k} className={`seq-key seq-key-${k}`}>
          <svg viewBox="0 0 22 12" aria-hidden="true">
            <Glyph k={k} />
          </svg>
          {tr(`seq.legend.${k}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The space-time diagram of the current trace beside the cluster: React owns the panel and its
 * controls; the drawing is the framework-free renderer in d3/sequence/.
 */
export function SequenceDiagram({ index: newest, t, onSeek }: Props) {
  // A new run is indexed for the diagram after the picture shows it (a long run: hundreds of ms).
  const index = useDeferredValue(newest);
  const id = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const renderer = useRef<SequenceRenderer | null>(null);
  const seekRef = useRef(onSeek);
  seekRef.current = onSeek;
  const termRef = useRef(false);
  termRef.current = carriesTerm(index);
  const [size, setSize] = useState({ width: 0, height: 0 });
  // Drawn only while on screen: scrolled away, following the cursor every frame would restyle and
  // repaint up to a thousand arrows for nothing (a 50-node Bully election). Redrawn on coming back.
  const [onScreen, setOnScreen] = useState(true);

  const duration = index.trace.durationMs;
  const legend = useMemo(() => legendKeys(index), [index]);
  const base = useMemo(
    () => defaultWindowMs(index.messages, index.trace.durationMs, chatterOf(index)),
    [index],
  );
  const scenario = index.trace.scenario;
  const [zoom, setZoom] = useState({ scenario, level: 0 });
  const level = zoom.scenario === scenario ? zoom.level : 0;
  const windowFor = (lv: number) => Math.min(duration, Math.max(20, base * 2 ** -lv));
  const windowMs = windowFor(level);
  const canZoomIn = level < ZOOM_STEPS && windowFor(level + 1) < windowMs;
  const canZoomOut = level > -ZOOM_STEPS && windowFor(level - 1) > windowMs;

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const r = createSequence(el, {
      onSeek: (x) => seekRef.current(x),
      text: sequenceText(() => termRef.current),
    });
    renderer.current = r;
    const ro = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setSize({ width: Math.floor(box.width), height: Math.floor(box.height) });
    });
    ro.observe(el);
    const io =
      typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            const e = entries[entries.length - 1];
            if (e) setOnScreen(e.isIntersecting);
          })
        : null;
    io?.observe(el);
    return () => {
      io?.disconnect();
      ro.disconnect();
      r.destroy();
      renderer.current = null;
    };
  }, []);

  const latest = useRef({ index, t, windowMs, size });
  latest.current = { index, t, windowMs, size };
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when any input changes; update() reads them from `latest`
  useLayoutEffect(() => {
    if (size.width <= 0 || size.height <= 0) return;
    // Off screen: not drawn at all (at four redraws a second, a 200-node Bully election still spent a
    // third of the page's time restyling arrows no one saw); coming back redraws the latest state.
    if (!onScreen) return;
    const l = latest.current;
    renderer.current?.update({ ...l, width: l.size.width, height: l.size.height });
  }, [index, t, windowMs, size, onScreen]);

  return (
    <section className="seq-panel" aria-labelledby={`${id}-h`}>
      <header className="seq-toolbar">
        <h2 id={`${id}-h`} className="sr-only">
          {tr('seq.title')}
        </h2>
        <Legend keys={legend} />
        <fieldset className="seq-zoom">
          <legend className="sr-only">
            {tr('seq.window', { window: formatSeconds(windowMs, windowMs) })}
          </legend>
          <button
            type="button"
            className="icon-btn"
            aria-label={tr('seq.zoomOut')}
            title={tr('seq.zoomOut')}
            disabled={!canZoomOut}
            onClick={() => setZoom({ scenario, level: level - 1 })}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3.5 8h9" />
            </svg>
          </button>
          <button
            type="button"
            className="seq-window"
            title={tr('seq.zoomReset')}
            aria-label={`${tr('seq.window', { window: secs(windowMs) })}. ${tr('seq.zoomReset')}`}
            onClick={() => setZoom({ scenario, level: 0 })}
          >
            {tr('seq.window', { window: secs(windowMs) })}
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={tr('seq.zoomIn')}
            title={tr('seq.zoomIn')}
            disabled={!canZoomIn}
            onClick={() => setZoom({ scenario, level: level + 1 })}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3.5 8h9M8 3.5v9" />
            </svg>
          </button>
        </fieldset>
      </header>
      <div className="seq-host" ref={hostRef} />
    </section>
  );
}
