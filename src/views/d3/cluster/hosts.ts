// The hosts: each node's circle and each box drawn once per layout, then re-drawn only when its state changes.
import { select } from 'd3-selection';
import { t as tr } from '../../../i18n/index.ts';
import type { HostKind } from '../../../sim/net/host.ts';
import { DISPLAY_ROLES, type DisplayRole } from '../../../sim/trace/events.ts';
import type { Frame, NodeView } from '../../../sim/trace/frame.ts';
import { adrBadgeAt, CAPTION_LINE, type Layout, shortName } from './layout.ts';
import { clip, leaderKeyOf, nodeLabel, nodePill, roleKey, shardsLed } from './nodeText.ts';
import type { ClusterOptions, HostInfo, Sel } from './types.ts';

// Role badge icons, drawn in a 20x20 box centred on 0,0.
const ICONS: Partial<Record<DisplayRole | 'error', string>> = {
  leader: 'M-6.5 4.5 L-7.5 -4 L-3.2 -0.6 L0 -6 L3.2 -0.6 L7.5 -4 L6.5 4.5 Z',
  candidate: 'M-5 -6 H5 V-3.5 L1.2 0 L5 3.5 V6 H-5 V3.5 L-1.2 0 L-5 -3.5 Z',
  paused: 'M-4.5 -5.5 H-1.3 V5.5 H-4.5 Z M1.3 -5.5 H4.5 V5.5 H1.3 Z',
  down: 'M-5 -5 L5 5 M5 -5 L-5 5',
  isolated: 'M-6 -1.5 H-2 M2 1.5 H6 M-2 -4.5 V4.5 M2 -4.5 V4.5',
  error: 'M0 -5.5 V1.5 M0 4.2 V4.8',
};

/** A box's detail line and its extras (store TTL bar, resource outcome), as drawn. */
interface BoxDetail {
  text: string;
  bar?: number;
  low?: boolean;
  track?: boolean;
  rejecting?: boolean;
  accepting?: boolean;
  /** A store that is a Raft group: each member's role, member-1 first, and which one leads. */
  members?: string[];
}

/** A store group's members: small pips on the box's top edge, the leader's larger and marked. */
const MEMBER_R = 7;
const MEMBER_GAP = 19;

/** Draws the hosts' static shapes for a layout: one group per host, placed, with its parts. */
export function buildHosts(
  gHosts: Sel<SVGGElement>,
  gAdr: Sel<SVGGElement>,
  layout: Layout,
  opts: ClusterOptions,
): void {
  const hosts = gHosts
    .selectAll<SVGGElement, HostInfo>('g.host')
    .data(opts.hosts, (d) => d.id)
    .join((enter) => {
      const g = enter.append('g').attr('class', (d) => `host host-${d.kind}`);
      g.each(function (d) {
        const sel = select(this);
        if (d.kind === 'node') sel.attr(opts.nodeAttribute ?? 'data-node', d.id);
        else sel.attr('data-host', d.id);
        sel.attr('role', 'img');
      });
      return g;
    });
  hosts.attr('transform', (d) => {
    const p = layout.pos.get(d.id) ?? { x: -999, y: -999 };
    return `translate(${p.x},${p.y})`;
  });
  hosts.selectAll('*').remove();
  gAdr.selectAll('*').remove();
  hosts.each(function (d) {
    const g = select(this);
    if (d.kind === 'node') drawNode(g as Sel<SVGGElement>, d, layout, opts, gAdr);
    else drawBox(g as Sel<SVGGElement>, d, layout);
  });
  // Spaces between a node's drawn words (SVG draws no text outside <text>): read in one go they say
  // "node-2 follower token 4", as its label (nodeLabel) starts: the visible label is in the name.
  hosts
    .filter((d) => d.kind === 'node')
    .each(function () {
      for (const c of [...this.childNodes]) if (c.nodeType === Node.TEXT_NODE) c.remove();
      for (const w of this.querySelectorAll(':scope > text, :scope > .token'))
        this.insertBefore(document.createTextNode(' '), w);
    });
}

function drawNode(
  g: Sel<SVGGElement>,
  d: HostInfo,
  layout: Layout,
  opts: ClusterOptions,
  gAdr: Sel<SVGGElement>,
): void {
  const r = layout.nodeR;
  const small = r < 26;
  g.append('circle').attr('class', 'flash').attr('r', r);
  g.append('circle')
    .attr('class', 'halo')
    .attr('r', r + 7);
  g.append('circle')
    .attr('class', 'iso-ring')
    .attr('r', r + 5);
  g.append('circle').attr('class', 'body').attr('r', r);
  // The name gives way when it does not fit its circle: the whole id, its number, or nothing (layout.ts).
  if (layout.nameFit !== 'none')
    g.append('text')
      .attr('class', 'name')
      .attr('y', small ? Math.round(layout.nameSize * 0.36) : -1)
      .style('font-size', `${layout.nameSize}px`)
      .text(layout.nameFit === 'full' ? d.id : shortName(d.id));
  g.append('text')
    .attr('class', 'role-text')
    .attr('y', 12)
    .attr('font-size', 9)
    .attr('display', small ? 'none' : null);
  const badge = g
    .append('g')
    .attr('class', 'badge')
    .attr('transform', `translate(0,${-r})${r < 14 ? ` scale(${Math.max(0.4, r / 14).toFixed(2)})` : ''}`);
  badge.append('circle').attr('r', 10.5);
  badge.append('path').attr('class', 'icon');
  const token = g
    .append('g')
    .attr('class', 'token')
    .attr('transform', `translate(0,${r + 14})`);
  token.append('rect').attr('rx', 8).attr('height', 17).attr('y', -9);
  token.append('text').attr('y', 4);
  if (opts.adrNode === d.id && opts.onAdr) {
    const onAdr = opts.onAdr;
    // Up and to the right, level with the role badge, unless a neighbour is there (layout.ts).
    const { x: bx, y: by } = adrBadgeAt(layout, opts.hosts, d.id);
    const adr = gAdr
      .append('g')
      .attr('class', 'adr-badge')
      .attr('role', 'button')
      .attr('tabindex', 0)
      .attr('aria-label', tr('cluster.adrBadge'))
      .attr('transform', `translate(${bx},${by})`)
      .on('click', (ev: MouseEvent) => {
        ev.stopPropagation();
        onAdr();
      })
      .on('keydown', (ev: KeyboardEvent) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          ev.stopPropagation();
          onAdr();
        }
      });
    adr.append('rect').attr('x', -27).attr('y', -10).attr('width', 54).attr('height', 20).attr('rx', 10);
    adr.append('text').attr('y', 4).text('ADR-001');
  }
}

function drawBox(g: Sel<SVGGElement>, d: HostInfo, layout: Layout): void {
  const w = layout.boxW;
  const h = layout.boxH;
  // The flash under the body, both the box's size.
  for (const cls of ['flash', 'body'])
    g.append('rect')
      .attr('class', cls)
      .attr('x', -w / 2)
      .attr('y', -h / 2)
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 9);
  g.append('text')
    .attr('class', 'name')
    .attr('y', -h / 2 + 19)
    .text(d.id);
  g.append('text')
    .attr('class', 'detail')
    .attr('y', -h / 2 + 36);
  if (d.kind === 'store') {
    g.append('rect')
      .attr('class', 'ttl-track')
      .attr('x', -w / 2 + 10)
      .attr('y', h / 2 - 9)
      .attr('width', w - 20)
      .attr('height', 4)
      .attr('rx', 2);
    g.append('rect')
      .attr('class', 'ttl-bar')
      .attr('x', -w / 2 + 10)
      .attr('y', h / 2 - 9)
      .attr('height', 4)
      .attr('rx', 2);
  }
  if (d.kind === 'store')
    g.append('g')
      .attr('class', 'members')
      .attr('transform', `translate(0,${-h / 2})`);
  const badge = g
    .append('g')
    .attr('class', 'badge')
    .attr('transform', `translate(${w / 2 - 2},${-h / 2 + 2})`);
  badge.append('circle').attr('r', 9);
  badge.append('path').attr('class', 'icon');
  // A host may have a caption of its own (the job runner's database), else its kind's.
  const caption = tr(`cluster.host.${d.id}`, undefined, tr(`cluster.${d.kind}`));
  const kind = g
    .append('text')
    .attr('class', 'kind')
    .attr('y', h / 2 + 14);
  const lines = boxCaption(caption, captionRoom(layout, d.id));
  if (lines.length === 1) kind.text(caption);
  else
    for (const [i, l] of lines.entries())
      kind
        .append('tspan')
        .attr('x', 0)
        .attr('dy', i === 0 ? 0 : CAPTION_LINE)
        .text(l);
}

/** About how wide a box caption's character is at its size (10.5 px, theme.css `.kind`), in px. */
const CAPTION_CHAR_PX = 5.8;

/** The width a box's caption may take: up to half way to the nearest host in its row, on each side. */
export function captionRoom(layout: Layout, id: string): number {
  const me = layout.pos.get(id);
  if (!me) return Number.POSITIVE_INFINITY;
  let gap = Number.POSITIVE_INFINITY;
  for (const [other, p] of layout.pos)
    if (other !== id && Math.abs(p.y - me.y) < layout.boxH) gap = Math.min(gap, Math.abs(p.x - me.x));
  return gap - 10;
}

/**
 * A box's caption in one line, or in two (split at the space nearest its middle) when it is wider
 * than `room`: "armazenamento protegido" beside "serviço de coordenação" on a phone.
 */
export function boxCaption(caption: string, room: number): string[] {
  if (caption.length * CAPTION_CHAR_PX <= room) return [caption];
  let best = -1;
  for (let i = caption.indexOf(' '); i >= 0; i = caption.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - caption.length / 2) < Math.abs(best - caption.length / 2)) best = i;
  return best < 0 ? [caption] : [caption.slice(0, best), caption.slice(best + 1)];
}

/** The nodes in a split-brain alarm: it holds while at least two of them still believe they lead. */
export function splitBrainNodes(frame: Frame, byId: ReadonlyMap<string, NodeView>): Set<string> {
  const split = frame.violations.filter((v) => v.kind === 'split-brain');
  const errored = new Set(split.flatMap((v) => v.nodes));
  // The alarm holds while those nodes still both believe they lead.
  for (const id of [...errored]) if (byId.get(id)?.believed !== 'leader') errored.delete(id);
  if (errored.size < 2) errored.clear();
  return errored;
}

/**
 * Re-draws each host whose state changed since it was last drawn (`drawn` holds what each host group
 * was last drawn as; clear it when the hosts are rebuilt).
 */
export function updateHosts(
  gHosts: Sel<SVGGElement>,
  frame: Frame,
  byId: ReadonlyMap<string, NodeView>,
  errored: ReadonlySet<string>,
  drawn: Map<string, string>,
  layout: Layout,
  opts: ClusterOptions,
): void {
  gHosts.selectAll<SVGGElement, HostInfo>('g.host').each(function (d) {
    const n = byId.get(d.id);
    if (!n) return;
    const err = errored.has(d.id);
    const detail = d.kind === 'node' ? null : detailOf(n, frame, layout, opts);
    // Crash and restart flashes: an expanding ring that fades, driven by frame time.
    const since = n.crashedAt !== undefined ? frame.t - n.crashedAt : Number.POSITIVE_INFINITY;
    const back = n.restartedAt !== undefined ? frame.t - n.restartedAt : Number.POSITIVE_INFINITY;
    const crashK = !n.up && since >= 0 && since < opts.flashMs ? since / opts.flashMs : null;
    // A leader per shard: the node's shards are the leader keys that name it (until its lease expires).
    const shards =
      opts.perShard && d.kind === 'node' && frame.store
        ? shardsLed(frame.store.keys, opts.leaderKeys ?? [], d.id)
        : undefined;
    const restartK = n.up && back >= 0 && back < opts.flashMs ? back / opts.flashMs : null;
    // Skip a host whose drawing would not change: most frames only messages move, and rewriting
    // every host's attributes would re-paint the whole picture each frame. A box's detail (the store's
    // TTL bar moves in most frames of a lease story) is keyed apart: when only it changed, only it is
    // written, not the host's role, label, icon path and text, each of which Chromium lays out again.
    const state =
      d.kind === 'node'
        ? `${n.role}|${n.believed}|${n.token}|${n.term}|${n.isolated}|${err}|${crashK}|${restartK}|${shards?.join(' ')}`
        : `${n.role}|${n.believed}|${n.token}|${n.up}|${err}|${crashK}|${restartK}`;
    const key = detail ? `${state}\n${JSON.stringify(detail)}` : state;
    const was = drawn.get(d.id);
    if (was === key) return;
    drawn.set(d.id, key);
    const g = select(this);
    if (detail && was?.startsWith(`${state}\n`)) {
      applyDetail(g, d.kind, detail);
      return;
    }
    const label = nodeLabel(n, err, shards, opts.leaderless, opts.carries);
    g.attr('data-role', n.role)
      .attr('aria-label', label)
      .classed('error', err)
      .classed('stale', n.role !== 'leader' && n.believed === 'leader');
    for (const r of DISPLAY_ROLES) g.classed(`role-${r}`, n.role === r);
    g.classed('iso-store', n.isolated === 'store');

    // Reduced motion: a still ring for the flash's time (k = 0: no growth, full strength).
    const k = opts.reducedMotion && (crashK ?? restartK) !== null ? 0 : (crashK ?? restartK);
    const flash = g.select<SVGElement>('.flash');
    flash.classed('crash', crashK !== null).classed('restart', crashK === null && restartK !== null);
    if (k === null) flash.attr('opacity', 0);
    else {
      const grow = 4 + 26 * k;
      if (d.kind === 'node') flash.attr('r', layout.nodeR + grow);
      else
        flash
          .attr('x', -layout.boxW / 2 - grow / 2)
          .attr('y', -layout.boxH / 2 - grow / 2)
          .attr('width', layout.boxW + grow)
          .attr('height', layout.boxH + grow);
      flash.attr('opacity', (1 - k) * 0.9);
    }
    g.classed('crashing', crashK !== null);

    const icon = err ? 'error' : n.role === 'follower' && n.believed === 'leader' ? 'leader' : n.role;
    const iconPath = d.kind === 'node' || n.role !== 'follower' ? ICONS[icon] : undefined;
    g.select('.badge').attr('display', iconPath ? null : 'none');
    g.select('.badge .icon').attr('d', iconPath ?? '');

    if (d.kind === 'node') {
      const roleWord = err ? tr('role.error') : tr(roleKey(n.role, opts.leaderless));
      g.select('.role-text').text(roleWord);
      const tokenText = nodePill(n, shards, opts.carries);
      const tok = g.select<SVGGElement>('.token');
      tok.attr('display', tokenText ? null : 'none');
      if (tokenText) {
        tok.select('text').text(tokenText);
        const wpx = tokenText.length * 6.6 + 14;
        tok
          .select('rect')
          .attr('x', -wpx / 2)
          .attr('width', wpx);
      }
    } else applyDetail(g, d.kind, detail ?? detailOf(n, frame, layout, opts));
  });
}

/** What a box's detail line (and store TTL bar, resource outcome) shows at this frame. */
function detailOf(n: NodeView, frame: Frame, layout: Layout, opts: ClusterOptions): BoxDetail {
  // The detail line is 11px monospace: about 6.6px a character, clipped to the box.
  const fit = Math.floor((layout.boxW - 10) / 6.6);
  const text = (v: string) => clip(v, fit);
  if (n.kind === 'store') {
    const s = frame.store;
    // A leader per shard: how many shard keys are held now (the store panel lists them, with the
    // revision); there is no one leader lease to draw.
    if (opts.perShard) {
      const held = s ? s.keys.filter((k) => k.lease !== 0 && opts.leaderKeys?.includes(k.key)).length : 0;
      return {
        text: text(tr('cluster.shardKeys', { count: held })),
        bar: 0,
        track: false,
      };
    }
    // The leader key's lease, if any: its remaining TTL as a bar (to the half pixel).
    const leaderKey = s ? leaderKeyOf(s.keys, opts.leaderKeys) : undefined;
    const lease = leaderKey ? s?.leases.find((l) => l.id === leaderKey.lease) : undefined;
    const frac = lease ? Math.max(0, Math.min(1, lease.remainingMs / (lease.ttlSec * 1000))) : 0;
    return {
      text: leaderKey
        ? text(`${tr('cluster.rev', { revision: s?.revision ?? 0 })} · ${clip(leaderKey.value, 8)}`)
        : text(s ? tr('cluster.rev', { revision: s.revision }) : ''),
      bar: Math.round((layout.boxW - 20) * frac * 2) / 2,
      low: frac < 0.25,
      track: lease !== undefined,
      ...(s?.group ? { members: s.group.roles } : {}),
    };
  }
  if (n.kind === 'resource') {
    const r = frame.resources.find((x) => x.id === n.id);
    const lastWrite = r?.recent[r.recent.length - 1];
    const fresh = lastWrite && frame.t - lastWrite.t < opts.flashMs * 1.5;
    const rejecting = Boolean(fresh && lastWrite?.status === 'rejected');
    return {
      text: text(
        rejecting && lastWrite
          ? tr('cluster.rejected', { code: lastWrite.code })
          : // Per shard, one highest token for the whole storage would mean nothing: count the writes.
            !opts.perShard && r?.highest !== null && r?.highest !== undefined
            ? tr('cluster.highest', { token: r.highest })
            : tr('cluster.writes', { count: r?.accepted ?? 0 }),
      ),
      rejecting,
      accepting: Boolean(fresh && lastWrite?.status === 'accepted'),
    };
  }
  if (n.kind === 'proxy') {
    const to = opts.routeOf?.(n.id, frame.t) ?? null;
    return { text: text(to ? `→ ${to}` : tr('cluster.noRoute')) };
  }
  return { text: text(n.up ? '' : tr('role.down')) };
}

function applyDetail(g: Sel<SVGGElement, unknown>, kind: HostKind, d: BoxDetail): void {
  // Setting the same text replaces its text node, and the box's text is laid out again.
  const line = g.select('.detail');
  if (line.text() !== d.text) line.text(d.text);
  if (kind === 'store') {
    g.select('.ttl-bar')
      .attr('width', d.bar ?? 0)
      .classed('low', d.low === true);
    g.select('.ttl-track').attr('display', d.track ? null : 'none');
    drawMembers(g, d.members);
  }
  if (kind === 'resource')
    g.classed('rejecting', d.rejecting === true).classed('accepting', d.accepting === true);
}

/**
 * The store group's members on the box's top edge, numbered: the leader's pip is filled and larger,
 * a down member crossed, a stopped one hollow. The group is labelled for screen readers.
 */
function drawMembers(g: Sel<SVGGElement, unknown>, roles: string[] | undefined): void {
  const box = g.select<SVGGElement>('.members');
  const list = roles ?? [];
  // Drawn again only when a member's role changed, not each time the TTL bar moves.
  const key = list.join(',');
  if ((box.attr('data-roles') ?? '') === key) return;
  box.attr('data-roles', key === '' ? null : key);
  const x0 = (-(list.length - 1) * MEMBER_GAP) / 2;
  const pips = box
    .selectAll<SVGGElement, string>('g.member')
    .data(list)
    .join((enter) => {
      const m = enter.append('g').attr('class', 'member');
      m.append('circle');
      m.append('text').attr('y', 3.5);
      m.append('path').attr('class', 'x').attr('d', 'M-4.5 -4.5 L4.5 4.5 M4.5 -4.5 L-4.5 4.5');
      return m;
    });
  pips
    .attr('transform', (_r, i) => `translate(${x0 + i * MEMBER_GAP},0)`)
    .attr('class', (r) => `member member-${r}`);
  pips.select('circle').attr('r', (r) => (r === 'leader' ? MEMBER_R + 2 : MEMBER_R));
  pips.select('text').text((_r, i) => String(i + 1));
  pips.select('.x').attr('display', (r) => (r === 'down' ? null : 'none'));
  if (list.length === 0) {
    box.attr('aria-label', null).attr('role', null);
    return;
  }
  const words = list.map((r, i) => `${i + 1} ${tr(r === 'stopped' ? 'role.paused' : `role.${r}`)}`);
  box.attr('role', 'img').attr('aria-label', tr('cluster.storeGroup', { list: words.join(', ') }));
}
