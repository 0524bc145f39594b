/**
 * Captions derived from the trace (src/sim/trace/derive.ts), for the moments a story's own steps do
 * not tell, and the faults (`log.fault.*`, the fault table's wording, which the event log uses too).
 * The first view narrates any run, so these are English it has before its first frame (not en.later.ts).
 */
export const enNarration: Record<string, string> = {
  'narr.leader': '{node} now leads.',
  'narr.leader.token': '{node} now leads, with fencing token {value}.',
  'narr.leader.term': '{node} now leads, in term {value}.',
  'narr.failover.leader': '{node} takes over from {from}: the failover took {seconds} s.',
  'narr.failover.leader.token':
    '{node} takes over from {from} with fencing token {value}: the failover took {seconds} s.',
  'narr.failover.leader.term':
    '{node} takes over from {from} in term {value}: the failover took {seconds} s.',
  'narr.leaseExpired': 'etcd expires {node}’s lease and deletes the leader key with it.',
  'narr.leaseExpired.anon': 'etcd expires lease {lease} and deletes the keys attached to it.',
  'narr.sessionExpired': 'ZooKeeper expires session 0x{session} and deletes its ephemeral znodes.',
  // The protected resource's host id (`storage`) as a sentence names it (docs/glossary.{pt,ru}.md).
  'narr.storage': 'storage',
  'narr.writeRefused': '{resource} rejects {node}’s write: {code}.',
  'narr.writeRefused.reason': '{resource} rejects {node}’s write: {code} ({reason}).',
  'narr.writeRejected':
    '{resource} rejects {node}’s write with token {token}: {code}, it has already seen {seen}.',
  'narr.fencingWindow':
    'Fencing’s window: {newerNode} already leads with token {newer}, but the {resource} has not seen it yet, so it accepts {node}’s write with the older token {token}. A resource can refuse only a token lower than one it has seen. This is a notice, not a violation: from {newerNode}’s first write on, token {token} gets 409.',
  'narr.staleAccepted':
    'The stale write is accepted: {code} OK. The {resource} took token {token} from {node} after token {seen}, so it now holds {node}’s data after {newer}’s.',
  'narr.violation.split-brain':
    'BOTH WRITE: {nodes} each believe they lead, and each had writes accepted. The two copies of the data diverge.',
  'narr.violation.two-lease-holders':
    'Two lease holders: the leader key moved between {nodes} while one still held it.',
  'narr.violation.two-leaders-in-term': 'Two leaders in one term: {nodes}.',
  'narr.violation.leader-append-only':
    'A LEADER REWROTE ITS LOG: {nodes} deleted entries from its own log while leading.',
  'narr.violation.log-matching':
    'LOGS DIVERGE: {nodes} hold an entry with the same index and term on top of different histories.',
  'narr.violation.leader-completeness':
    'A LEADER LACKS A COMMITTED ENTRY: {nodes} won an election without an entry that was already committed.',
  'narr.violation.state-machine-safety':
    'A COMMITTED ENTRY WAS LOST: {nodes} applied different commands at the same index.',
  'narr.violation.leaderless': 'No leader for too long: {nodes}.',
  'narr.violation.job-not-running':
    'ALARM: the job has not run for longer than expected. Nothing failed loudly: it simply stopped.',
  'narr.noQuorum':
    '{node} cannot get a majority: {votes} of {nodes} votes, and it needs {needed}. It elects nobody.',
  'narr.outcome': 'At the end of the run {node} leads, since {since} s.',
  'narr.outcome.token': 'At the end of the run {node} leads with fencing token {value}, since {since} s.',
  'narr.outcome.term': 'At the end of the run {node} leads in term {value}, since {since} s.',
  'narr.skipped.one': 'Step {n} of the story does not happen in this run. Instead: {what}.',
  'narr.skipped.span': 'Steps {from}–{to} of the story do not happen in this run. Instead: {what}.',
  'narr.skipped.at': '{what} (t = {at})',
  'narr.state': '{node} leads, since {since} s',
  'narr.state.token': '{node} leads with fencing token {value}, since {since} s',
  'narr.state.term': '{node} leads in term {value}, since {since} s',
  'narr.state.none': 'nobody leads',
  'narr.state.many': '{nodes} each believe they lead',
  'narr.skipped':
    'This step of the story does not happen in this run: the knobs or faults changed what happens here.',
  'narr.outcome.none': 'At the end of the run nobody leads.',
  'narr.replayedSchedule':
    'A schedule replayed from its list of choices: every draw and every fault comes from the list, not from the seed, and the story’s script is left out. What follows is read off this run, up to its first alarm.',
  'narr.outcome.many': 'At the end of the run {nodes} each believe they lead.',
  'narr.outcome.lost':
    'At the end of the run nobody leads: {node}, the last leader, was lost {ago} s before.',
  'narration.alarm.stale': 'STALE WRITE ACCEPTED',
  'narration.alarm.staleDetail': '{resource} took token {token} from {node} after token {seen}',
  'narr.violation.one-job-run':
    'TWO RUNS AT ONCE: a run of the job started while another was still going; only Forbid keeps them apart.',
  'narr.violation.job-ran-twice':
    'THE JOB RAN TWICE: {nodes} each ran it, and a customer got a second reminder e-mail.',
  // skiplocked
  'narr.violation.duplicate-email':
    'DUPLICATE E-MAIL: a job’s e-mail was sent again ({nodes}); the first went out before a COMMIT that never came.',
  'narr.violation.job-committed-twice':
    'A JOB COMMITTED TWICE: {nodes} committed a job that was already done; nothing locked its row.',
  // A fault as the narration and the event log tell it (the fault table's wording, src/sim/faults).
  'log.fault.crash': '{node} CRASHED',
  'log.fault.restart': '{node} restarted with empty memory',
  'log.fault.pause': '{node} paused (GC) for {durationMs}',
  'log.fault.resume': '{node} resumed',
  'log.fault.partition': 'network partition: {groups}',
  'log.storeBothSides': '{stores} reachable from both sides',
  'log.fault.heal': 'network healed',
  'log.fault.isolate.all': '{node} cut off from every host',
  'log.fault.isolate.store': '{node} cut off from the store',
  'log.fault.rejoin': '{node} reachable again',
  'log.fault.cut-link': 'link {a} ↔ {b} cut',
  'log.fault.restore-link': 'link {a} ↔ {b} restored',
  'log.fault.delay-link': 'link {a} ↔ {b} slowed by {extraMs}',
  'log.fault.clock-drift': '{node} clock runs at {rate}×',
  'log.fault.store-unavailable': '{node} unavailable (quorum lost) for {durationMs}',
  'log.fault.kill': '{node} processes KILLED (host up: connections refused)',
  'log.fault.cut-oneway': 'link {from} → {to} cut one way',
  'log.fault.clock-skew.ahead': '{node} wall clock stepped: now {stepMs} ahead of true time',
  'log.fault.clock-skew.behind': '{node} wall clock stepped: now {stepMs} behind true time',
  'log.fault.clock-skew.true': '{node} wall clock stepped back to true time',
  'log.fault.server.kill': '{node}: server {server} KILLED (its clients’ connections reset)',
  'log.fault.server.restart': '{node}: server {server} restarted',
  'log.fault.server.stop': '{node}: server {server} stopped (its connections hang)',
  'log.fault.server.resume': '{node}: server {server} resumed',
  // a server of a store that is a Raft group (etcd with storeMembers 3 or 5) is one of its members
  'log.fault.member.kill': '{node}: {member} KILLED (its clients’ connections reset)',
  'log.fault.member.restart': '{node}: {member} restarted',
  'log.fault.member.stop': '{node}: {member} stopped (its connections hang)',
  'log.fault.member.resume': '{node}: {member} resumed',
  'log.fault.add-server': 'the operator asks the cluster to add {node}',
  'log.fault.remove-server': 'the operator asks the cluster to remove {node}',
  // Raft membership changes, one server at a time (thesis chapter 4)
  'narr.configAdd':
    '{node}, the leader, appends a configuration entry at index {index} that adds {server}. Every server uses it as soon as it is in its log, committed or not: the cluster is now {members}, and a majority is {majority} of {size}.',
  'narr.configRemove':
    '{node}, the leader, appends a configuration entry at index {index} that removes {server}. Every server uses it as soon as it is in its log: the cluster is now {members}, and a majority is {majority} of {size}.',
  'narr.configCommit':
    'The configuration entry at index {index} is committed on a majority of {members}. Only now may the leader take the next change.',
  'narr.configStepDown':
    '{node} is not in the configuration it has just committed: it steps down and starts no election. The others elect a leader among themselves.',
  'narr.configRefused.pending':
    '{node} refuses the change {change}: the previous configuration entry is not committed yet. One change at a time.',
  'narr.configRefused.term':
    '{node} refuses the change {change}: it has not committed an entry of its own term yet, so an older uncommitted change could still win.',
  'narr.configRefused.no-change': '{node} refuses the change {change}: the configuration would not change.',
  'narr.configRefused.last': '{node} refuses to remove {server}: it is the last server of the cluster.',
  'log.fault.agent.stop': '{node}: HA agent STOPPED (SIGSTOP), its database runs on',
  'log.fault.agent.resume': '{node}: HA agent resumed',
};
