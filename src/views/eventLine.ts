/**
 * One line of an event, in the reader's language: a fault, a role change, a write, an alarm, a
 * store change. The event log (EventLog.tsx) and the caption author's snap list (app/author/events.ts)
 * both word their lines here, so they say the same thing. A module apart from eventText.ts, whose
 * words the sequence diagram's chunk loads without the fault table and the alarms' wording.
 */
import { t as translate } from '../i18n/index.ts';
import type { Leadership } from '../sim/algorithms/algorithm.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import { braceGroups, faultWords } from '../sim/faults/words.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { leaseHex, roleTag, type Translate, writeLine } from './eventText.ts';
import { localFormat } from './format.ts';
import { violationText } from './violationText.ts';

export interface LineOptions {
  tr?: Translate;
  /** The store's host id, which its lines start with. */
  store: string;
  /** The host of the store when it is a Raft group (Declaration.storeGroup): its servers are members. */
  storeGroup?: string | undefined;
  /** Say that a fault was the user's (an intervention), not the story's. */
  injected?: boolean;
  /** Stores a fault's split leaves on no side, so reachable from all of them (sim/net/reach.ts). */
  free?: readonly string[];
  /** The keys a lease's expiry or revocation deleted at the same instant. */
  deleted?: readonly string[];
  /** What a leader's number is (Algorithm.leadership.carries): a Patroni leader's is its timeline. */
  carries?: Leadership['carries'];
}

/** The options every line of `trace` shares: its store, its store group, what its leaders carry. */
export function lineOptions(
  trace: Pick<Trace, 'hosts' | 'algorithm' | 'params'>,
  tr?: Translate,
): LineOptions {
  const declared = declarationOf(trace.algorithm);
  return {
    ...(tr ? { tr } : {}),
    store: trace.hosts.find((h) => h.kind === 'store')?.id ?? 'store',
    storeGroup: declared?.storeGroup?.(trace.params)?.host,
    carries: declared?.leadership.carries ?? null,
  };
}

/** Long values (Patroni's member JSON) are cut to keep a line on one or two rows. */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** The line of a fault, role, write, violation or store event; '' for the kinds it does not word. */
export function eventLine(e: TraceEvent, o: LineOptions): string {
  const tr = o.tr ?? (translate as Translate);
  switch (e.k) {
    case 'fault': {
      const { key, vars } = faultWords(
        e.fault,
        { ...localFormat(tr as typeof translate), groups: braceGroups },
        { storeGroup: o.storeGroup },
      );
      let text = tr(`log.fault.${key}`, vars);
      if (o.free?.length) text += ` · ${tr('log.storeBothSides', { stores: o.free.join(', ') })}`;
      return o.injected && e.source === 'intervention' ? text + tr('log.injected') : text;
    }
    case 'role':
      return tr(`log.role.${e.role}`, { node: e.node, tag: roleTag(tr, e.token, e.term, o.carries) });
    case 'write':
      return writeLine(e, tr);
    case 'violation':
      return tr('log.violation', {
        kind: e.violation.kind.toUpperCase(),
        detail: violationText(e.violation, tr),
      });
    case 'store': {
      const c = e.change;
      const store = o.store;
      switch (c.kind) {
        case 'put':
          return tr(c.kv.version === 1 ? 'log.store.create' : 'log.store.put', {
            store,
            key: c.kv.key,
            value: clip(c.kv.value),
            rev: c.kv.modRevision,
            lease: c.kv.lease ? tr('log.store.leaseRef', { lease: leaseHex(c.kv.lease) }) : '',
          });
        case 'delete':
          return tr('log.store.delete', { store, key: c.key, rev: c.revision });
        case 'lease-grant':
          return tr('log.store.grant', { store, lease: leaseHex(c.lease), ttl: c.ttlSec });
        case 'lease-keepalive':
          return tr('log.store.keepalive', { store, lease: leaseHex(c.lease), ttl: c.ttlSec });
        case 'lease-expire':
        case 'lease-revoke':
          return tr(c.kind === 'lease-expire' ? 'log.store.expire' : 'log.store.revoke', {
            store,
            lease: leaseHex(c.lease),
            rev: c.revision,
            deleted: o.deleted?.length ? tr('log.store.deleted', { keys: o.deleted.join(', ') }) : '',
          });
      }
      return '';
    }
    default:
      return '';
  }
}
