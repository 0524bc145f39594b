import type React from 'react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { messageTypeLabel, t } from '../i18n/index.ts';
import { proxyStateAt } from '../player/proxy.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import { type Frame, type MessageView, messageDigestOf, type TraceIndex } from '../sim/trace/frame.ts';
import { alarmCorner, type Box, type Segment } from './alarmPlace.ts';
import { Legend } from './ClusterLegend.tsx';
import { type ClusterRenderer, createClusterView, type Link, MESH_MAX_NODES } from './d3/cluster/index.ts';
import { raftLogIndex } from './d3/cluster/raftLog.ts';
import { linkPicture } from './linkPicture.ts';
import { storageFirst } from './story.ts';

export interface ClusterViewProps {
  index: TraceIndex;
  frame: Frame;
  /** Virtual ms per wall ms at 1x: a crash flash lasts about one wall second at story speed. */
  timeScale: number;
  title: string;
  onAdr?: () => void;
  /**
   * Makes the nodes focusable buttons that open a fault menu (the What-if sandbox): a click (they are
   * buttons), right-click, long-press, or the ContextMenu key / Shift+F10 / Enter / Space on a focused
   * node. x, y: where to open it.
   */
  onNodeMenu?: (node: string, x: number, y: number) => void;
  /**
   * A second, smaller picture (Compare): its nodes carry `data-compare-node` instead of `data-node`,
   * without the ADR badge or the legend.
   */
  secondary?: boolean;
}

/** How long a touch must rest on a node to open its menu. */
const LONG_PRESS_MS = 500;

/** Links of the picture: the mesh when the algorithm uses it, node -> store, and every pair that talks. */
export function linksFor(index: TraceIndex): Link[] {
  const hosts = index.trace.hosts;
  const kind = new Map(hosts.map((h) => [h.id, h.kind]));
  const nodes = hosts.filter((h) => h.kind === 'node').map((h) => h.id);
  const stores = hosts.filter((h) => h.kind === 'store').map((h) => h.id);
  const out: Link[] = [];
  const seen = new Set<string>();
  const add = (a: string, b: string, k: Link['kind']) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || seen.has(key)) return;
    seen.add(key);
    out.push({ a, b, kind: k });
  };
  // A mesh of election edges where the algorithm's nodes talk to each other directly (its topology).
  // Past MESH_MAX_NODES there is none, not even the pairs that talk (a Bully election makes that all
  // pairs again): the message layer draws the links that carry a message at the moment on screen.
  const meshless = nodes.length > MESH_MAX_NODES;
  if (declarationOf(index.trace.algorithm)?.topology.mesh && !meshless)
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) add(nodes[i] as string, nodes[j] as string, 'mesh');
  for (const s of stores) for (const n of nodes) add(n, s, 'store');
  // The pairs that talked, from the run's digest (one entry per pair, not one per message).
  for (const [from, to] of messageDigestOf(index).pairs) {
    const ka = kind.get(from);
    const kb = kind.get(to);
    if (meshless && ka === 'node' && kb === 'node') continue;
    add(
      from,
      to,
      ka === 'store' || kb === 'store' ? 'store' : ka === 'node' && kb === 'node' ? 'mesh' : 'data',
    );
  }
  return out;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The system's prefers-reduced-motion, followed live (the picture is rebuilt when it changes). */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const on = () => setReduced(query.matches);
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, []);
  return reduced;
}

/** How many messages in flight are listed one by one; the rest are counted (a 50-node election has 1,000+). */
export const IN_FLIGHT_LISTED = 20;

/**
 * The messages in flight in words, one line each ("ELECTION node-1 → node-3"), in send order; past
 * IN_FLIGHT_LISTED, one last line counts the others.
 */
export function inFlightLines(messages: readonly MessageView[]): string[] {
  const real = messages.filter((m) => m.from !== m.to);
  const lines = real.slice(0, IN_FLIGHT_LISTED).map((m) =>
    t(m.fate === 'dropped' && m.progress >= 0.7 ? 'a11y.messageLost' : 'a11y.message', {
      type: messageTypeLabel(m.type),
      from: m.from,
      to: m.to,
    }),
  );
  if (real.length > IN_FLIGHT_LISTED)
    lines.push(t('a11y.inFlightMore', { n: real.length - IN_FLIGHT_LISTED }));
  return lines;
}

/**
 * The text alternative of the moving dots: a list for screen readers (the svg's message layer is
 * aria-hidden; the messages are painted on a canvas). Not live: it changes many times a second while playing. Its props are the joined
 * text, so React touches the DOM only when the set of messages changes, not per animation frame.
 */
const InFlight = memo(function InFlight({ text }: { text: string }) {
  const lines = text ? text.split('\n') : [];
  return (
    <ul className="sr-only" aria-label={t('a11y.inFlight')} data-testid="in-flight">
      {lines.length ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: two identical messages may be in flight at once.
        lines.map((l, i) => <li key={i}>{l}</li>)
      ) : (
        <li>{t('a11y.inFlightNone')}</li>
      )}
    </ul>
  );
});

/** Puts the alarm card of a cluster in the corner alarmCorner picks, in the picture's own pixels. */
function placeAlarm(root: HTMLElement): void {
  const card = root.querySelector<HTMLElement>(':scope > .alarm');
  const canvas = root.querySelector<HTMLElement>('.cluster-canvas');
  const svg = canvas?.querySelector('svg');
  if (!card || !canvas || !svg || getComputedStyle(card).position !== 'absolute') return;
  const at = root.getBoundingClientRect();
  const rel = (r: DOMRect): Box => ({
    x0: r.left - at.left,
    y0: r.top - at.top,
    x1: r.right - at.left,
    y1: r.bottom - at.top,
  });
  const ctm = svg.getScreenCTM();
  const lines: Segment[] = [];
  for (const l of svg.querySelectorAll<SVGLineElement>('g.cut line')) {
    if (!ctm) break;
    const p = (x: number, y: number) => new DOMPoint(x, y).matrixTransform(ctm);
    const a = p(l.x1.baseVal.value, l.y1.baseVal.value);
    const b = p(l.x2.baseVal.value, l.y2.baseVal.value);
    lines.push({ x1: a.x - at.left, y1: a.y - at.top, x2: b.x - at.left, y2: b.y - at.top });
  }
  const boxes = [...root.querySelectorAll('g.host, .adr-badge, :scope > .legend')].map((e) =>
    rel(e.getBoundingClientRect()),
  );
  const corner = alarmCorner(
    { w: at.width, h: at.height },
    { w: card.offsetWidth, h: card.offsetHeight },
    lines,
    boxes,
  );
  if (card.dataset.corner !== corner) card.dataset.corner = corner;
}

/** The cluster picture (D3) with its legend and the split-brain alarm. */
export const ClusterView = memo(function ClusterView({
  index,
  frame,
  timeScale,
  title,
  onAdr,
  onNodeMenu,
  secondary = false,
}: ClusterViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const renderer = useRef<ClusterRenderer | null>(null);
  const onAdrRef = useRef(onAdr);
  onAdrRef.current = onAdr;
  const frameRef = useRef(frame);
  frameRef.current = frame;
  const reducedMotion = useReducedMotion();
  const indexRef = useRef(index);
  indexRef.current = index;
  const links = useMemo(() => linksFor(index), [index]);
  /**
   * What the picture is made from: the hosts, their links and the algorithm. A new index with the
   * same (a run continued from the cursor, the same run once complete) keeps the picture and only
   * draws its frames: made again, it cost a 24 h run's fault tens of ms in the task that showed
   * the new run (issue #40). Its callbacks read the index of the moment (indexRef).
   */
  const drawnFrom = useMemo(
    () => JSON.stringify([index.trace.algorithm, index.trace.hosts, links]),
    [index, links],
  );

  // A layout effect: the picture is drawn in the commit that mounts it, before the browser paints.
  // The page's first commit replaces the build's prerendered picture (src/app/prerender), and a
  // passive effect could leave one frame with an empty stage between the two.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawnFrom names what of the index the picture is made from
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const index = indexRef.current;
    const hosts = index.trace.hosts;
    const backends = hosts.filter((h) => h.kind === 'node').map((h) => h.id);
    const firstNode = backends[0];
    const r = createClusterView(el, {
      hosts,
      links,
      ...(declarationOf(index.trace.algorithm)
        ? {
            leaderKeys: declarationOf(index.trace.algorithm)?.leadership.keys,
            perShard: declarationOf(index.trace.algorithm)?.leadership.scope === 'shard',
            leaderless: declarationOf(index.trace.algorithm)?.leadership.scope === 'none',
            carries: declarationOf(index.trace.algorithm)?.leadership.carries ?? null,
          }
        : {}),
      // Raft's log under each node, read off the trace's log marks at the frame's event count.
      ...(index.trace.algorithm === 'raft'
        ? { logsAt: (f: Frame) => raftLogIndex(indexRef.current.trace.events).at(f.eventCount) }
        : {}),
      flashMs: Math.max(1, 900 * timeScale),
      label: title,
      ...(firstNode && !secondary ? { adrNode: firstNode } : {}),
      ...(secondary ? { nodeAttribute: 'data-compare-node' } : {}),
      onAdr: () => onAdrRef.current?.(),
      routeOf: (proxy, at) => proxyStateAt(indexRef.current, proxy, at, backends).route,
      reducedMotion,
      // The build's link pictures only (linkPicture.ts): the messages as SVG, and a phone's portrait copy.
      ...(linkPicture.on ? { messagesSvg: true } : {}),
      ...(linkPicture.on && linkPicture.narrow && !secondary
        ? { alsoAt: { ...linkPicture.narrow, className: 'pre-narrow' } }
        : {}),
    });
    renderer.current = r;
    r.update(frameRef.current);
    return () => {
      // A node that had the focus gets it back in the new picture (a fault from its menu re-simulates).
      const active = document.activeElement;
      refocus.current = active && el.contains(active) ? active.getAttribute('data-node') : null;
      r.destroy();
      renderer.current = null;
    };
  }, [drawnFrom, timeScale, title, secondary, reducedMotion]);
  const refocus = useRef<string | null>(null);

  useLayoutEffect(() => {
    renderer.current?.update(frame);
  }, [frame]);

  const onNodeMenuRef = useRef(onNodeMenu);
  onNodeMenuRef.current = onNodeMenu;
  const menuOn = onNodeMenu !== undefined;
  // The renderer above rebuilds the node groups when the run changes: re-mark them after it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawnFrom/timeScale/title/reducedMotion recreate the nodes
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    for (const n of el.querySelectorAll<SVGGElement>('g.host[data-node]')) {
      if (menuOn) {
        n.setAttribute('role', 'button');
        n.setAttribute('tabindex', '0');
        n.setAttribute('aria-haspopup', 'menu');
      } else {
        n.setAttribute('role', 'img');
        n.removeAttribute('tabindex');
        n.removeAttribute('aria-haspopup');
      }
    }
    const id = refocus.current;
    refocus.current = null;
    if (id) el.querySelector<SVGGElement>(`g.host[data-node="${CSS.escape(id)}"]`)?.focus();
  }, [menuOn, drawnFrom, timeScale, title, reducedMotion]);

  const press = useRef<{ timer: number; x: number; y: number } | null>(null);
  // The click that ends a long press must not open the menu a second time.
  const longPressed = useRef(false);
  const endPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  useEffect(
    () => () => {
      if (press.current) window.clearTimeout(press.current.timer);
    },
    [],
  );
  const nodeOf = (target: EventTarget | null): string | null =>
    target instanceof Element ? (target.closest('[data-node]')?.getAttribute('data-node') ?? null) : null;
  const menuHandlers = menuOn
    ? {
        onContextMenu: (e: React.MouseEvent) => {
          const id = nodeOf(e.target);
          if (!id) return;
          e.preventDefault();
          endPress();
          onNodeMenuRef.current?.(id, e.clientX, e.clientY);
        },
        onKeyDown: (e: React.KeyboardEvent) => {
          const id = nodeOf(e.target);
          if (!id || !(e.target instanceof Element) || !e.target.matches('[data-node]')) return;
          if (
            e.key === 'ContextMenu' ||
            (e.key === 'F10' && e.shiftKey) ||
            e.key === 'Enter' ||
            e.key === ' '
          ) {
            e.preventDefault();
            const r = e.target.getBoundingClientRect();
            onNodeMenuRef.current?.(id, r.left + r.width * 0.75, r.top + r.height * 0.75);
          }
        },
        // A node is a button: a click (or a tap) opens its menu. Not after a long press, which has.
        onClick: (e: React.MouseEvent) => {
          const id = nodeOf(e.target);
          if (!id || e.button !== 0) return;
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onNodeMenuRef.current?.(id, e.clientX, e.clientY);
        },
        onPointerDown: (e: React.PointerEvent) => {
          longPressed.current = false;
          if (e.pointerType === 'mouse') return;
          const id = nodeOf(e.target);
          if (!id) return;
          endPress();
          const { clientX: x, clientY: y } = e;
          press.current = {
            x,
            y,
            timer: window.setTimeout(() => {
              press.current = null;
              longPressed.current = true;
              onNodeMenuRef.current?.(id, x, y);
            }, LONG_PRESS_MS),
          };
        },
        onPointerMove: (e: React.PointerEvent) => {
          const p = press.current;
          if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > 10) endPress();
        },
        onPointerUp: endPress,
        onPointerCancel: endPress,
      }
    : {};

  // Once two leaders both had writes accepted the data have diverged: the alarm stays for the rest
  // of the run (the nodes' error rings show only while both still believe they lead).
  const split = frame.violations.filter((v) => v.kind === 'split-brain');
  const alarmNodes = [...new Set(split.flatMap((v) => v.nodes))].sort();
  // On fenced storage the violation is a stale write accepted (src/sim/check/splitBrain.ts): its own
  // card, for the rest of the run too (the lost update is in the data).
  const stale = frame.violations.find((v) => v.kind === 'stale-write-accepted');
  // Each alarm is worded from its violation's facts (a format 1 trace's violation, with none, shows its
  // English detail as written). Read here field by field, not through views/violationText.ts, which the
  // first view does not load.
  // A liveness alarm on the task itself (dbjob): the job has stopped running, silently.
  const jobStopped = frame.violations.find((v) => v.kind === 'job-not-running');
  // The job queue (skiplocked): a job's e-mail sent twice, or a job committed twice (no row lock).
  const twice = frame.violations.find((v) => v.kind === 'job-committed-twice');
  const dupEmail = frame.violations.filter((v) => v.kind === 'duplicate-email').at(-1);
  // The nightly job (dbjob): two instances ran it, a customer got a second reminder.
  const ranTwice = frame.violations.find((v) => v.kind === 'job-ran-twice');
  const alarm =
    alarmNodes.length > 0 ||
    stale !== undefined ||
    jobStopped !== undefined ||
    twice !== undefined ||
    dupEmail !== undefined ||
    ranTwice !== undefined;

  const shell = useRef<HTMLDivElement>(null);
  const cutKey = JSON.stringify(frame.partition ?? null);
  const alarmKey = `${alarmNodes.join()}|${stale?.kind ?? ''}|${jobStopped?.kind ?? ''}|${twice?.kind ?? ''}|${dupEmail?.kind ?? ''}|${ranTwice?.kind ?? ''}`;
  // The alarm card takes a corner that covers no partition line and no host (alarmPlace.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again when the alarm or the cut changes
  useLayoutEffect(() => {
    const root = shell.current;
    if (!alarm || !root) return;
    const place = () => placeAlarm(root);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [alarm, alarmKey, cutKey]);

  return (
    <div ref={shell} className={`cluster${alarm ? ' alarmed' : ''}${secondary ? ' secondary' : ''}`}>
      <div className={`cluster-canvas${menuOn ? ' node-menus' : ''}`} ref={host} {...menuHandlers} />
      {!secondary && <InFlight text={inFlightLines(frame.messages).join('\n')} />}
      {alarmNodes.length > 0 && (
        <div className="alarm" role="alert">
          <strong>{t('cluster.bothWrite')}</strong>
          <span>{t('cluster.splitBrain', { nodes: alarmNodes.join(' & ') })}</span>
        </div>
      )}
      {stale && alarmNodes.length === 0 && (
        <div className="alarm" role="alert">
          <strong>{t('narration.alarm.stale')}</strong>
          <span>
            {stale.token === undefined
              ? stale.detail
              : storageFirst(
                  t('narration.alarm.staleDetail', {
                    // The protected storage as a sentence names it (docs/glossary.{pt,ru}.md).
                    resource:
                      stale.key === undefined
                        ? stale.resource === 'storage'
                          ? t('narr.storage')
                          : `${stale.resource}`
                        : `${stale.resource} ${stale.key}`,
                    token: stale.token,
                    node: stale.nodes[0] ?? '',
                    seen: stale.seen ?? '',
                  }),
                  stale.key === undefined && stale.resource === 'storage' ? t('narr.storage') : undefined,
                )}
          </span>
        </div>
      )}
      {jobStopped && alarmNodes.length === 0 && !stale && (
        <div className="alarm" role="alert">
          <strong>{t('cluster.jobStopped')}</strong>
          <span>
            {jobStopped.ms === undefined
              ? jobStopped.detail
              : t('cluster.jobStoppedDetail', { s: Math.round(jobStopped.ms / 1000) })}
          </span>
        </div>
      )}
      {twice && (
        <div className="alarm" role="alert">
          <strong>{t('cluster.committedTwice')}</strong>
          <span>
            {twice.count === undefined
              ? twice.detail
              : t('cluster.committedTwiceDetail', {
                  job: `${twice.job}`,
                  n: twice.count,
                  node: twice.nodes[0] ?? '',
                })}
          </span>
        </div>
      )}
      {dupEmail && !twice && (
        <div className="alarm" role="alert" data-alarm="duplicate-email">
          <strong>{t('cluster.duplicateEmail')}</strong>
          <span>
            {dupEmail.senders === undefined
              ? dupEmail.detail
              : t('cluster.duplicateEmailDetail', {
                  job: `${dupEmail.job}`,
                  senders: dupEmail.senders.join(', '),
                })}
          </span>
        </div>
      )}
      {ranTwice && alarmNodes.length === 0 && !stale && (
        <div className="alarm" role="alert" data-alarm="job-ran-twice">
          <strong>{t('cluster.jobRanTwice')}</strong>
          <span>
            {ranTwice.pair === undefined
              ? ranTwice.detail
              : t('cluster.jobRanTwiceDetail', {
                  job: `${ranTwice.job}`,
                  a: ranTwice.pair[0],
                  b: ranTwice.pair[1],
                })}
          </span>
        </div>
      )}
      {!secondary && <Legend index={index} />}
    </div>
  );
});
