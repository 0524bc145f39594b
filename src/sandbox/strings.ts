import { format, getLocale, type Locale } from '../i18n/index.ts';
import { ptSandbox } from './strings.pt.ts';
import { ruSandbox } from './strings.ru.ts';

/**
 * The What-if sandbox's English strings, the source of strings.pt.ts and strings.ru.ts (same keys,
 * same `{placeholders}`; strings.test.ts fails otherwise).
 */
export const enSandbox: Record<string, string> = {
  'whatIf.toggle': 'What if…',
  'whatIf.title': 'What if…',
  'whatIf.intro':
    'Change the run at the cursor: the past stays, the future is simulated again with the same seed.',
  'whatIf.close': 'Close What if…',

  'faults.label': 'Faults',
  'faults.node': 'Node',
  'faults.at': 'at {t}',
  'faults.crash': 'Crash',
  'faults.restart': 'Restart',
  'faults.pause': 'Pause {s} s',
  'faults.resume': 'Resume',
  'faults.isolate': 'Isolate from everyone',
  'faults.isolateStore': 'Isolate from the store',
  'faults.rejoin': 'Rejoin',
  'faults.pauseLength': 'GC pause',
  'faults.partition': 'Partition',
  'faults.partitionPreset': 'Partition {preset}',
  'faults.partitionTitle': 'Partition {groups}',
  'faults.heal': 'Heal',
  'faults.link': 'Link',
  'faults.linkFrom': 'Link from',
  'faults.linkTo': 'Link to',
  'faults.cut': 'Drop link',
  'faults.delay': 'Delay link',
  'faults.delayBy': 'Extra delay',
  'faults.restore': 'Restore link',
  'faults.undo': 'Undo',
  'faults.redo': 'Redo',

  'marker.intervention': 'What-if: {label}',

  'menu.label': 'Faults for {node} at {t}',
  'menu.hint': 'Right-click, long-press or Shift+F10 on a node for its faults',

  'list.label': 'Interventions',
  'list.empty': 'No interventions yet. Pick a fault: it happens at the cursor.',
  'list.remove': 'Remove {what}',
  'list.seek': 'Go to {what}',

  'fault.crash': 'crash {node}',
  'fault.restart': 'restart {node}',
  'fault.pause': 'pause {node} for {s} s',
  'fault.resume': 'resume {node}',
  'fault.partition': 'partition {groups}',
  'fault.heal': 'heal',
  'fault.isolate': 'isolate {node} from everyone',
  'fault.isolateStore': 'isolate {node} from the store',
  'fault.rejoin': 'rejoin {node}',
  'fault.cut': 'drop link {a}–{b}',
  'fault.restore': 'restore link {a}–{b}',
  'fault.delay': 'delay link {a}–{b} by {ms} ms',
  'fault.drift': 'clock drift {node} ×{rate}',
  'fault.at': '{what} at {t}',

  'knobs.label': 'Knobs',
  'knobs.nodes': 'Nodes',
  'knobs.nodesDoc': 'cluster size ({min} to {max})',
  'knobs.reset': 'Reset',
  'knobs.refused': 'Refused: {message}. The run on screen is the last valid one.',
  'knobs.on': 'on',
  'knobs.off': 'off',
  'knobs.source': 'source: {source}',
  'knobs.notNumber': '{name} expects a number',

  'metrics.label': 'Metrics',
  'metrics.messages': 'Messages',
  'metrics.total': 'total',
  'metrics.dropped': 'lost',
  'metrics.noMessages': 'none yet',
  'metrics.leaderless': 'Time without a leader',
  'metrics.leaderlessTotal': 'total {d}',
  'metrics.window': '{from} – {to}',
  'metrics.windowOngoing': 'since {from}',
  'metrics.failovers': 'Failover after leader loss',
  'metrics.failover': '{from} lost ({cause}) at {at}: {to} leads after {d}',
  'metrics.failoverOngoing': '{from} lost ({cause}) at {at}: no leader yet ({d})',
  'metrics.none': 'none',
  'metrics.maxLeaders': 'Max leaders at once',
  'metrics.maxLeadersValue': '{believed} believed · {effective} effective',
  'metrics.writes': 'Writes',
  'metrics.accepted': 'accepted',
  'metrics.rejected': 'rejected',
  'metrics.stale': 'stale but accepted',
  'metrics.spurious': 'Spurious elections',
  'metrics.spuriousValue': '{n} of {of} failure detections',
  'metrics.chart': 'Leaders over time',
  'metrics.chartDesc': 'Step chart of how many nodes believe they lead; now {n} at {t}',
  'sweep.label': 'Sweeps',
  'sweep.pick': 'Sweep',
  'sweep.run': 'Run sweep',
  'sweep.rerun': 'Run again',
  'sweep.running': 'Running {done} of {total}…',
  'sweep.measured': 'measured ({n} runs)',
  'sweep.refused': 'Refused for {knob} = {values}: {reason}',
  'sweep.chartLabel': '{title}: {n} measured points with the reference curves',
  'sweep.bully-messages-vs-nodes': 'Bully: messages vs nodes',
  'sweep.lease-messages-vs-nodes': 'etcd lease: messages per failover vs nodes',
  'sweep.failover-vs-ttl': 'etcd lease: failover vs TTL',
  'sweep.spurious-vs-election-timeout': 'Heartbeat: spurious elections vs timeout',
  'metrics.cause.crash': 'crash',
  'metrics.cause.pause': 'pause',
  'metrics.cause.step-down': 'step-down',
  'metrics.cause.isolation': 'cut off',
};

/** The sandbox catalogs by language. */
export const sandboxCatalogs: Record<Locale, Record<string, string>> = {
  en: enSandbox,
  pt: ptSandbox,
  ru: ruSandbox,
};

/** The sandbox string for `key` in the current locale, as `t()` does: English, then the key, as fallbacks. */
export function st(key: string, vars?: Record<string, string | number>): string {
  const s = sandboxCatalogs[getLocale()][key] || enSandbox[key] || key;
  return format(s, vars);
}
