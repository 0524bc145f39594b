import type { Shows } from '../scenario/schema.ts';
import type { Frame } from './frame.ts';

/** A node id named as a word (node-1 in "node-1’s", not in "node-10"). */
export function namesHost(text: string, id: string): boolean {
  return new RegExp(`(^|[^a-z0-9-])${id.replace(/-/g, '\\-')}(?![a-z0-9]|-[a-z0-9])`, 'i').test(text);
}

/**
 * Where a step's declared picture (`shows`, scenario/schema.ts) and the frame the player draws at that
 * step disagree: one line per claim that does not hold, empty when the caption tells what is drawn.
 */
export function checkShows(frame: Frame, shows: Shows): string[] {
  const out: string[] = [];
  const node = (id: string) => frame.nodes.find((n) => n.id === id);
  for (const [id, role] of Object.entries(shows.roles ?? {})) {
    if (role === undefined) continue;
    const n = node(id);
    if (n?.role !== role) out.push(`${id} is drawn ${n?.role ?? 'absent'}, the caption says ${role}`);
  }
  for (const [id, token] of Object.entries(shows.tokens ?? {})) {
    if (token === undefined) continue;
    const drawn = node(id)?.token ?? null;
    if (drawn !== token)
      out.push(`${id} is drawn with token ${drawn ?? 'none'}, the caption says ${token ?? 'none'}`);
  }
  const m = shows.message;
  if (
    m &&
    !frame.messages.some(
      (x) => x.type === m.type && (!m.from || x.from === m.from) && (!m.to || x.to === m.to),
    )
  )
    out.push(
      `no ${m.type}${m.from ? ` from ${m.from}` : ''}${m.to ? ` to ${m.to}` : ''} on its way (drawn: ${frame.messages.map((x) => x.type).join(', ') || 'none'})`,
    );
  const h = shows.holder;
  if (h) {
    const kv = frame.store?.keys.find((k) => k.key === h.key);
    const holder = kv ? (frame.nodes.find((n) => namesHost(kv.value, n.id))?.id ?? kv.value) : null;
    if (holder !== h.node)
      out.push(`${h.key} names ${holder ?? 'nobody'}, the caption says ${h.node ?? 'nobody'}`);
  }
  if (shows.alarm && !frame.violations.some((v) => v.kind === shows.alarm))
    out.push(`no ${shows.alarm} alarm is raised`);
  if (shows.storeLeader !== undefined) {
    const drawn = frame.store?.group?.leader ?? null;
    if (drawn !== shows.storeLeader)
      out.push(
        `the store group's leader is ${drawn ?? 'nobody'}, the caption says ${shows.storeLeader ?? 'nobody'}`,
      );
  }
  const w = shows.write;
  if (w) {
    const last = frame.resources
      .flatMap((r) => r.recent)
      .filter((x) => x.node === w.node)
      .at(-1);
    if (!last || last.status !== w.status || (w.token !== undefined && last.token !== w.token))
      out.push(
        `${w.node}'s last write is ${last ? `${last.status} with token ${last.token}` : 'none'}, the caption says ${w.status}${w.token !== undefined ? ` with token ${w.token}` : ''}`,
      );
  }
  return out;
}
