import {
  type KeyboardEvent,
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatNumber, messageTypeLabel, t as translate } from '../i18n/index.ts';
import { upperBound } from '../lib/search.ts';
import { shapeHosts } from '../sim/faults/shape.ts';
import { netAfter, specOf } from '../sim/faults/table.ts';
import { onEverySide, openNet } from '../sim/net/reach.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { chatterIds } from './d3/sequence/index.ts';
import { eventLine, lineOptions } from './eventLine.ts';
import { dataSuffix, markLine, type Translate } from './eventText.ts';
import './panels.css';

// ---------------------------------------------------------------------------------------------
// Model: trace events -> human-readable lines (pure; unit-tested in EventLog.test.ts)

export type LogCategory = 'message' | 'chatter' | 'role' | 'fault' | 'store' | 'write' | 'alarm';
export const LOG_CATEGORIES: LogCategory[] = [
  'message',
  'chatter',
  'role',
  'fault',
  'store',
  'write',
  'alarm',
];

export type LogTone = 'plain' | 'muted' | 'leader' | 'ok' | 'warning' | 'danger';

export interface LogEntry {
  /** Index of the (first) trace event the line describes. */
  i: number;
  t: number;
  cat: LogCategory;
  /** Hosts the line concerns (for the host filter). */
  hosts: string[];
  /** The actor, shown first and emphasised; `text` starts with it. */
  who: string;
  text: string;
  tone: LogTone;
}

/** A duration as people say it: "250 ms", "20 s", "1.5 s". */

export { clip } from './eventLine.ts';

/**
 * Builds the log's lines from a trace, oldest first. Deliveries are implied by their send and left
 * out; a lease expiry and the key deletions it causes (same instant, same lease) read as one line.
 */
export function buildLogEntries(trace: Trace, tr: Translate = translate): LogEntry[] {
  const out: LogEntry[] = [];
  const sends = new Map<number, Extract<TraceEvent, { k: 'send' }>>();
  const line = lineOptions(trace, tr);
  const storeId = line.store;
  const hostIds = new Set(trace.hosts.map((h) => h.id));
  const ev = trace.events;
  const chatter = chatterIds(ev.filter((e): e is Extract<TraceEvent, { k: 'send' }> => e.k === 'send'));
  for (let i = 0; i < ev.length; i++) {
    const e = ev[i] as TraceEvent;
    const push = (cat: LogCategory, who: string, hosts: string[], text: string, tone: LogTone = 'plain') =>
      out.push({ i, t: e.t, cat, hosts, who, text, tone });
    switch (e.k) {
      case 'send': {
        sends.set(e.id, e);
        const quiet = chatter.has(e.id);
        push(
          quiet ? 'chatter' : 'message',
          e.from,
          [e.from, e.to],
          tr('log.send', {
            from: e.from,
            to: e.to,
            type: messageTypeLabel(e.type),
            data: dataSuffix(e.data, tr),
          }),
          quiet ? 'muted' : replyTone(e.type),
        );
        break;
      }
      case 'drop': {
        const s = sends.get(e.id);
        if (!s) break;
        push(
          chatter.has(s.id) ? 'chatter' : 'message',
          s.from,
          [s.from, s.to],
          tr('log.drop', {
            from: s.from,
            to: s.to,
            type: messageTypeLabel(s.type),
            reason: tr(`log.reason.${e.reason}`, { to: s.to }),
          }),
          'warning',
        );
        break;
      }
      case 'role':
        push('role', e.node, [e.node], eventLine(e, line), e.role === 'leader' ? 'leader' : 'plain');
        break;
      case 'mark':
        if (!leaderToldByGroup(ev, i)) push('role', e.node, [e.node], markLine(e, tr));
        break;
      case 'fault': {
        const f = e.fault;
        // The fault table's wording and severity; a store the fault's split leaves on no side stays
        // reachable from all of them (sim/net/reach.ts).
        const spec = specOf(f);
        const split = netAfter(openNet, f);
        const free = trace.hosts
          .filter((h) => h.kind === 'store' && onEverySide(split, h.id))
          .map((h) => h.id);
        const text = eventLine(e, { ...line, injected: true, free });
        push('fault', 'node' in f ? f.node : '', shapeHosts(spec.fields, f), text, spec.severity);
        break;
      }
      case 'store': {
        const c = e.change;
        switch (c.kind) {
          case 'put': {
            const hosts = [storeId];
            if (hostIds.has(c.kv.value) && c.kv.value !== storeId) hosts.push(c.kv.value);
            push('store', storeId, hosts, eventLine(e, line));
            break;
          }
          case 'delete':
          case 'lease-grant':
            push('store', storeId, [storeId], eventLine(e, line));
            break;
          case 'lease-keepalive':
            push('chatter', storeId, [storeId], eventLine(e, line), 'muted');
            break;
          case 'lease-expire':
          case 'lease-revoke': {
            // The deletions the expiry causes follow at the same instant: fold them into this line.
            const deleted: string[] = [];
            let j = i + 1;
            for (; j < ev.length; j++) {
              const n = ev[j] as TraceEvent;
              if (n.t !== e.t || n.k !== 'store' || n.change.kind !== 'delete' || n.change.lease !== c.lease)
                break;
              deleted.push(n.change.key);
            }
            push(
              'store',
              storeId,
              [storeId],
              eventLine(e, { ...line, deleted }),
              c.kind === 'lease-expire' ? 'warning' : 'plain',
            );
            i = j - 1;
            break;
          }
        }
        break;
      }
      case 'write':
        push(
          'write',
          e.resource,
          [...new Set([e.resource, e.node])],
          eventLine(e, line),
          e.status === 'accepted' ? 'ok' : 'danger',
        );
        break;
      case 'violation':
        push('alarm', 'ALARM', e.violation.nodes, eventLine(e, line), 'danger');
        break;
      case 'deliver':
        break;
    }
  }
  // `who` must be the start of `text` (it is drawn emphasised); fall back to no emphasis.
  for (const entry of out) if (!entry.text.startsWith(entry.who)) entry.who = '';
  return out;
}

/**
 * A `store-leader` mark beside a `store-group` mark of the same instant that names the same leader:
 * the store emits both (sim/store/process.ts, live/memberStatus.ts), and the group's line already
 * says who leads, so the log says it once.
 */
function leaderToldByGroup(ev: readonly TraceEvent[], i: number): boolean {
  const e = ev[i] as TraceEvent;
  if (e.k !== 'mark' || e.name !== 'store-leader') return false;
  const names = (n: TraceEvent | undefined) =>
    n?.k === 'mark' && n.name === 'store-group' && n.node === e.node && n.data?.leader === e.data?.member;
  for (let j = i - 1; j >= 0 && ev[j]?.t === e.t; j--) if (names(ev[j])) return true;
  for (let j = i + 1; j < ev.length && ev[j]?.t === e.t; j++) if (names(ev[j])) return true;
  return false;
}

/** A failed reply reads as a warning, a rejection (409) as danger. */
function replyTone(type: string): LogTone {
  if (type.endsWith('_REJECTED')) return 'danger';
  if (type.endsWith('_FAILED') || type.endsWith('_ERROR')) return 'warning';
  return 'plain';
}

export interface LogFilter {
  host: string | null;
  cats: ReadonlySet<LogCategory>;
}

/** The entries that pass the filter, oldest first (computed once per filter, not per frame). */
export function filterEntries(entries: readonly LogEntry[], filter: LogFilter): LogEntry[] {
  return entries.filter(
    (e) => filter.cats.has(e.cat) && (filter.host === null || e.hosts.includes(filter.host)),
  );
}

/**
 * The rows to show at a cursor, from the filtered entries: those whose event is among the first
 * `count` events, at most `cap` of them, the latest. O(log n) per call, so scrubbing a long trace
 * stays cheap. Returns the rows oldest first and how many matched in all.
 */
export function entriesAt(
  matching: readonly LogEntry[],
  count: number,
  cap: number,
): { rows: LogEntry[]; total: number } {
  const end = upperBound(matching.length, (i) => (matching[i] as LogEntry).i, count - 1);
  return { rows: matching.slice(Math.max(0, end - cap), end), total: end };
}

/** filterEntries then entriesAt, in one call. */
export function visibleEntries(
  entries: readonly LogEntry[],
  count: number,
  filter: LogFilter,
  cap: number,
): { rows: LogEntry[]; total: number } {
  return entriesAt(filterEntries(entries, filter), count, cap);
}

/** Chatter is on by default unless it would flood the log (more than two lines per virtual second). */
export function defaultCategories(entries: readonly LogEntry[], durationMs: number): Set<LogCategory> {
  const cats = new Set(LOG_CATEGORIES);
  const chatter = entries.reduce((n, e) => n + (e.cat === 'chatter' ? 1 : 0), 0);
  if (durationMs > 0 && chatter / (durationMs / 1000) > 2) cats.delete('chatter');
  return cats;
}

export function formatLogTime(ms: number): string {
  return formatNumber(ms / 1000, 3);
}

// ---------------------------------------------------------------------------------------------
// Component

export const LOG_CAP = 300;

interface Props {
  index: TraceIndex;
  t: number;
  onSeek: (t: number) => void;
}

const Line = memo(function Line({
  entry,
  current,
  onSeek,
}: {
  entry: LogEntry;
  current: boolean;
  onSeek: (t: number) => void;
}) {
  const rest = entry.text.slice(entry.who.length);
  // One tab stop for the whole log (the latest line); arrow keys move between lines.
  return (
    <li className={`log-line cat-${entry.cat} tone-${entry.tone}${current ? ' is-current' : ''}`}>
      <button type="button" tabIndex={current ? 0 : -1} onClick={() => onSeek(entry.t)} data-t={entry.t}>
        <span className="log-time">{formatLogTime(entry.t)}</span>
        <span className="log-text">
          {entry.who ? <span className="log-who">{entry.who}</span> : null}
          {rest}
        </span>
      </button>
    </li>
  );
});

/** Redrawn when the events up to the cursor change, not on every animation frame. */
export const EventLog = memo(
  function EventLog({ index: latest, t, onSeek }: Props) {
    // A new run's lines are built after the picture shows it (a long run: hundreds of ms).
    const index = useDeferredValue(latest);
    const entries = useMemo(() => buildLogEntries(index.trace), [index]);
    const scenarioId = index.trace.scenario;
    const present = useMemo(() => new Set(entries.map((e) => e.cat)), [entries]);
    const hosts = useMemo(() => index.trace.hosts.map((h) => h.id), [index]);
    const [host, setHost] = useState<string | null>(null);
    const [cats, setCats] = useState<Set<LogCategory>>(() =>
      defaultCategories(entries, index.trace.durationMs),
    );
    const [catsFor, setCatsFor] = useState(scenarioId);
    if (catsFor !== scenarioId) {
      // A new scenario: start from its defaults (a re-simulation of the same one keeps the choice).
      setCatsFor(scenarioId);
      setCats(defaultCategories(entries, index.trace.durationMs));
      if (host !== null && !hosts.includes(host)) setHost(null);
    }
    const count = index.countAt(t);
    const matching = useMemo(() => filterEntries(entries, { host, cats }), [entries, host, cats]);
    const { rows, total } = useMemo(() => entriesAt(matching, count, LOG_CAP), [matching, count]);

    const listRef = useRef<HTMLOListElement>(null);
    const stick = useRef(true);
    const onScroll = useCallback(() => {
      const el = listRef.current;
      if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    }, []);
    // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the rows change
    useLayoutEffect(() => {
      const el = listRef.current;
      if (el && stick.current) el.scrollTop = el.scrollHeight;
    }, [rows]);

    const seekRef = useRef(onSeek);
    seekRef.current = onSeek;
    const seek = useCallback((time: number) => seekRef.current(time), []);

    const onListKey = (e: KeyboardEvent<HTMLOListElement>) => {
      const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('.log-line button')];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const to =
        e.key === 'ArrowDown'
          ? at + 1
          : e.key === 'ArrowUp'
            ? at - 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? buttons.length - 1
                : Number.NaN;
      const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
      if (Number.isNaN(to) || !next) return;
      e.preventDefault();
      next.focus();
    };

    const toggle = (c: LogCategory) =>
      setCats((prev) => {
        const next = new Set(prev);
        if (next.has(c)) next.delete(c);
        else next.add(c);
        return next;
      });

    const id = useId();
    const last = rows[rows.length - 1];
    return (
      <section className="event-log" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="sr-only">
          {translate('log.title')}
        </h2>
        <div className="log-filters">
          <label className="log-host">
            <span>{translate('log.host')}</span>
            <select
              value={host ?? ''}
              onChange={(ev) => setHost(ev.target.value === '' ? null : ev.target.value)}
            >
              <option value="">{translate('log.allHosts')}</option>
              {hosts.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="log-chips">
            <legend className="sr-only">{translate('log.types')}</legend>
            {LOG_CATEGORIES.filter((c) => present.has(c)).map((c) => (
              <button
                key={c}
                type="button"
                className={`chip cat-${c}`}
                aria-pressed={cats.has(c)}
                onClick={() => toggle(c)}
              >
                <span className="chip-dot" aria-hidden="true" />
                {translate(`log.cat.${c}`)}
              </button>
            ))}
          </fieldset>
          <span className="log-count">{translate('log.count', { n: total })}</span>
        </div>
        {total > rows.length ? (
          <p className="log-note">{translate('log.capped', { n: rows.length, total })}</p>
        ) : null}
        <ol
          className="log-lines"
          ref={listRef}
          onScroll={onScroll}
          onKeyDown={onListKey}
          aria-label={translate('log.title')}
        >
          {rows.map((e) => (
            <Line key={`${e.i}`} entry={e} current={e === last} onSeek={seek} />
          ))}
        </ol>
        {rows.length === 0 ? (
          <p className="log-empty">{translate(count === 0 ? 'log.empty' : 'log.emptyFiltered')}</p>
        ) : null}
      </section>
    );
  },
  (a, b) => a.index === b.index && a.onSeek === b.onSeek && a.index.countAt(a.t) === b.index.countAt(b.t),
);
