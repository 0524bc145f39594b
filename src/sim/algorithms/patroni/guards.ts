/**
 * Patroni's guards: what the HA loop asks of its state and of each answer, for the chart in
 * machine.ts (the actions are actions.ts).
 */
import type { PatroniContext, PatroniEvent } from './context.ts';
import { patroniKeys } from './keys.ts';
import { me, rangeValue } from './values.ts';

type Args = { context: PatroniContext; event: PatroniEvent };

/** An answer to this cycle's request (a later cycle's request makes an earlier answer stale). */
export const isReply = ({ context, event }: Args) => 'reqId' in event && event.reqId === context.cycle;

export const patroniGuards = {
  hasData: ({ context }: Args) => context.disk.hasData,
  agentRunning: ({ context }: Args) => !context.agentStopped,
  watchdogArmed: ({ context }: Args) => context.watchdog && context.pgRole === 'primary',
  agentStop: ({ event }: Args) =>
    event.type === 'FAULT' && event.fault.kind === 'agent' && (event.fault.act ?? 'stop') === 'stop',
  agentResume: ({ event }: Args) =>
    event.type === 'FAULT' && event.fault.kind === 'agent' && event.fault.act === 'resume',
  isReply,
  leaseAlive: ({ context, event }: Args) =>
    isReply({ context, event }) && event.type === 'KEEPALIVE_ACK' && event.ttl > 0,
  iHoldLock: ({ context }: Args) => context.leader === me(context),
  otherHoldsLock: ({ context }: Args) => context.leader !== null && context.leader !== me(context),
  notInitialized: ({ context }: Args) => !context.initialized && !context.disk.hasData,
  noData: ({ context }: Args) => !context.disk.hasData,
  amPrimary: ({ context }: Args) => context.pgRole === 'primary' || context.pgRole === 'promoting',
  /** ha.py is_lagging: /optime/leader - my position > maximum_lag_on_failover. */
  tooFarBehind: ({ context }: Args) =>
    context.leaderLsn !== null && context.leaderLsn - context.lsn > context.maximumLagOnFailover,
  allAnswered: ({ context }: Args) => context.asked.every((m) => m in context.statuses),
  /** ha.py _is_healthiest_node: no reachable member is a running primary or further ahead. */
  isHealthiest: ({ context }: Args) =>
    Object.values(context.statuses).every((s) => s.role !== 'master' && s.lsn <= context.lsn),
  txnOk: ({ context, event }: Args) =>
    isReply({ context, event }) && event.type === 'TXN_RESULT' && event.succeeded,
  /** Won the race, or an earlier copy of our retried txn did (the failure branch reads our own key). */
  wonRace: ({ context, event }: Args) =>
    isReply({ context, event }) &&
    event.type === 'TXN_RESULT' &&
    (event.succeeded || rangeValue(event.responses) === me(context)),
  wonInit: ({ context, event }: Args) =>
    isReply({ context, event }) &&
    event.type === 'TXN_RESULT' &&
    (event.succeeded || rangeValue(event.responses) === context.sysid),
  /** An event of our own watch, not one overtaken by a later message. */
  ownWatch: ({ context, event }: Args) =>
    event.type === 'WATCH_EVENT' && event.watchId === context.watchId && event.revision > context.watchRev,
  /** etcd3.py KVCache._process_event: the leader key's value changed, or the key was deleted. */
  leaderKeyChanged: ({ context, event }: Args) =>
    event.type === 'WATCH_EVENT' &&
    event.watchId === context.watchId &&
    event.revision > context.watchRev &&
    event.events.some(
      (e) =>
        e.kv.key === patroniKeys.leader &&
        (e.type === 'DELETE' ? context.leader !== null : e.kv.value !== context.leader),
    ),
  wakePending: ({ context }: Args) => context.wakePending,
  /** Etcd3._do_refresh_lease: no keepalive when the last refresh is less than loop_wait ago. */
  wokenFresh: ({ context }: Args) =>
    context.woken && context.lease !== null && context.env.now() - context.lastRefreshMs < context.loopWaitMs,
  refusedStatus: ({ context, event }: Args) =>
    event.type === 'REFUSED' && event.of === 'GET_STATUS' && event.reqId === context.cycle,
  fromUpstream: ({ context, event }: Args) =>
    event.type === 'WAL' && context.pgRole === 'replica' && event.from === context.upstream,
  /** A walsender runs on the primary, and already while it promotes. */
  servesWal: ({ context }: Args) => context.pgRole === 'primary' || context.pgRole === 'promoting',
};
