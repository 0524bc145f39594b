import { describe, expect, it } from 'vitest';
import { createRng, hashString } from '../../lib/rng.ts';
import { cronApiServerProcess } from '../algorithms/cronjob/apiserver.ts';
import { oneJobRunChecker } from '../algorithms/cronjob/checkers.ts';
import { cronJobControllerProcess } from '../algorithms/cronjob/controller.ts';
import { podProcess } from '../algorithms/cronjob/pod.ts';
import { apiServerProcess, LEASE_NAME } from '../algorithms/kubernetes/apiserver.ts';
import { raftCheckers } from '../algorithms/raft/checkers.ts';
import { raftClientProcess } from '../algorithms/raft/client.ts';
import { duplicateEmailChecker, jobCommittedTwiceChecker } from '../algorithms/skiplocked/checkers.ts';
import { EMAIL_MARK } from '../algorithms/skiplocked/keys.ts';
import { withKernel } from '../algorithms/skiplocked/machine.ts';
import { mailProcess } from '../algorithms/skiplocked/mail.ts';
import { queueProcess } from '../algorithms/skiplocked/queue.ts';
import { zooKeeperProcess } from '../algorithms/zookeeper/process.ts';
import type { Checker } from '../check/checker.ts';
import { canonical, opaque } from '../kernel/canonical.ts';
import { clockFrom } from '../kernel/clock.ts';
import { EventQueue } from '../kernel/queue.ts';
import type { Process, ProcessEnv, ProcessFactory } from '../net/host.ts';
import { storeProcess } from '../store/process.ts';
import type { TraceEvent } from '../trace/events.ts';

/**
 * Each process and checker that gained a state (issue #41), one at a time on a queue of its own:
 * what its future depends on tells two of them apart, and what it does not (a request that changes
 * nothing, an answer to nobody) leaves them one. Deleting the field a case names from the process's
 * `state()` makes that case fail. The worlds of whole stories: worlds.test.ts beside this.
 */
function host(id: string, factory: ProcessFactory) {
  const queue = new EventQueue();
  const after = (ms: number, fn: () => void, name: string, data?: unknown) => {
    const t = queue.after(ms, { k: 'timer', host: id, inc: 0, name, ms, data }, fn);
    return () => queue.cancel(t);
  };
  const env: ProcessEnv = opaque<ProcessEnv>(
    {
      id,
      now: () => queue.now,
      wallNow: () => queue.now,
      send() {},
      clock: clockFrom((ms, fn) => after(ms, fn, 'xstate')),
      after,
      // Each purpose its own stream: the group's members draw different election timeouts.
      rng: (purpose) => createRng(hashString(purpose)),
      reportRole() {},
      mark() {},
      record() {},
    },
    id,
  );
  const p: Process = factory(env);
  let n = 0;
  return {
    p,
    run: (ms: number) => queue.runUntil(ms),
    get: (from: string, type: string, body: Record<string, unknown> = {}) =>
      p.receive({ id: ++n, from, to: id, type, body }),
    state: () => canonical(p.state?.()),
  };
}
type Host = ReturnType<typeof host>;

/** Two fresh hosts, each told its own story: the texts of their states. */
const twoOf = (make: () => Host, a: (h: Host) => void, b: (h: Host) => void): [string, string] => {
  const x = make();
  const y = make();
  a(x);
  b(y);
  expect(x.p.state).toBeDefined();
  return [x.state(), y.state()];
};

const nothing = () => {};

describe('the Raft client', () => {
  const make = () => host('client', raftClientProcess(['node-1', 'node-2', 'node-3'], 100, 300));
  const asked = (h: Host) => h.run(100);
  it('a reply to a command it is not waiting for changes nothing', () => {
    const [a, b] = twoOf(make, asked, (h) => {
      asked(h);
      h.get('node-1', 'CLIENT_REPLY', { value: 'x9' });
    });
    expect(b).toBe(a);
  });
  it('the server it targets, and the command it waits for, are its state', () => {
    const [a, b] = twoOf(make, asked, (h) => {
      asked(h);
      h.get('node-1', 'REDIRECT', { leader: 'node-2' });
    });
    expect(b).not.toBe(a);
    const [c, d] = twoOf(make, asked, (h) => {
      asked(h);
      h.get('node-1', 'CLIENT_REPLY', { value: 'x1' });
    });
    expect(d).not.toBe(c);
  });
});

describe('the Kubernetes API server', () => {
  const make = () => host('kube-apiserver', apiServerProcess());
  const spec = (holderIdentity: string) => ({
    holderIdentity,
    leaseDurationSeconds: 15,
    acquireTime: 0,
    renewTime: 0,
    leaseTransitions: 0,
  });
  const created = (h: Host) => h.get('node-1', 'CREATE', { name: LEASE_NAME, spec: spec('node-1') });
  it('a GET and an UPDATE on a stale resourceVersion change nothing', () => {
    const [a, b] = twoOf(make, created, (h) => {
      created(h);
      h.get('node-2', 'GET', { name: LEASE_NAME });
      h.get('node-2', 'UPDATE', { name: LEASE_NAME, spec: spec('node-2'), resourceVersion: 0 });
    });
    expect(b).toBe(a);
  });
  it('the Lease it holds is its state: another holder is another world', () => {
    const [a, b] = twoOf(make, created, (h) => h.get('node-2', 'CREATE', { spec: spec('node-2') }));
    expect(b).not.toBe(a);
  });
});

describe("the CronJob's hosts", () => {
  const api = () => host('apiserver', cronApiServerProcess({ podHost: 'job-pod', lastScheduleMs: 0 }));
  it('the API server: a read changes nothing; a Job created, and its pod confirmed, do', () => {
    const [a, b] = twoOf(api, nothing, (h) => h.get('controller', 'GET_CRONJOB', { reqId: 1 }));
    expect(b).toBe(a);
    const create = (h: Host) => h.get('controller', 'CREATE_JOB', { reqId: 1, name: 'billing-1' });
    const [c, d] = twoOf(api, nothing, create);
    expect(d).not.toBe(c);
    const [e, f] = twoOf(api, create, (h) => {
      create(h);
      h.get('job-pod', 'POD_RUNNING', { name: 'billing-1' });
    });
    expect(f).not.toBe(e);
    // The same revisions, nothing unconfirmed: only the Job's name differs.
    const confirmed = (name: string) => (h: Host) => {
      h.get('controller', 'CREATE_JOB', { reqId: 1, name });
      h.get('job-pod', 'POD_RUNNING', { name });
    };
    const [g, k] = twoOf(api, confirmed('billing-1'), confirmed('billing-2'));
    expect(k).not.toBe(g);
  });

  const controller = () =>
    host(
      'controller',
      cronJobControllerProcess({
        apiServer: 'apiserver',
        cronJob: 'billing',
        schedule: { atMs: 60_000, everyMs: 86_400_000 } as never,
        deadlineS: null,
        policy: 'Forbid',
        requestTimeoutMs: 1000,
        retryMs: 500,
      }),
    );
  it('the controller: an answer to an old request changes nothing; the one it waits for does', () => {
    const [a, b] = twoOf(controller, nothing, (h) => h.get('apiserver', 'STATUS_UPDATED', { reqId: 7 }));
    expect(b).toBe(a);
    const [c, d] = twoOf(controller, nothing, (h) =>
      h.get('apiserver', 'CRONJOB', { reqId: 1, lastScheduleMs: 0, active: '' }),
    );
    expect(d).not.toBe(c);
  });

  const pod = () =>
    host('job-pod', podProcess({ apiServer: 'apiserver', startMs: 100, durationMs: 1000, resendMs: 500 }));
  it('the pod host: an acknowledgement of nothing changes nothing; a pod started does', () => {
    const [a, b] = twoOf(pod, nothing, (h) => h.get('apiserver', 'POD_ACK', { name: 'billing-1' }));
    expect(b).toBe(a);
    const run = (h: Host) => h.get('apiserver', 'RUN_POD', { name: 'billing-1' });
    const [c, d] = twoOf(pod, run, (h) => {
      run(h);
      h.run(100);
    });
    expect(d).not.toBe(c);
  });
});

describe('SKIP LOCKED: the database, the mail provider and the worker kernel', () => {
  const pg = () =>
    host(
      'postgres',
      queueProcess({
        jobs: 2,
        forUpdate: true,
        keepaliveIdleMs: 1000,
        keepaliveIntervalMs: 1000,
        keepaliveCount: 3,
        idleInTxMs: 0,
      }),
    );
  const connected = (h: Host) => {
    h.get('node-1', 'CONNECT');
    h.get('node-2', 'CONNECT');
  };
  it('the database: a statement on no session changes nothing', () => {
    const [a, b] = twoOf(pg, connected, (h) => {
      connected(h);
      h.get('node-3', 'SELECT_JOB', { pid: 999, forUpdate: true });
    });
    expect(b).toBe(a);
  });
  it('the database: whose session is whose, and which job a transaction holds, are its state', () => {
    const [a, b] = twoOf(pg, connected, (h) => {
      h.get('node-2', 'CONNECT');
      h.get('node-1', 'CONNECT');
    });
    expect(b).not.toBe(a);
    const [c, d] = twoOf(pg, connected, (h) => {
      connected(h);
      h.get('node-1', 'SELECT_JOB', { pid: 101, forUpdate: true });
    });
    expect(d).not.toBe(c);
  });
  it('the mail provider: each e-mail sent is its state', () => {
    const [a, b] = twoOf(
      () => host('mail', mailProcess()),
      nothing,
      (h) => h.get('node-1', 'SEND_EMAIL', { job: 'job-1' }),
    );
    expect(b).not.toBe(a);
  });
  it("the worker's kernel: the sockets it has open, beside the worker's own state", () => {
    const inner: ProcessFactory = () => ({ receive() {}, stop() {}, state: () => 'worker' });
    const make = () => host('node-1', withKernel(inner));
    const [a, b] = twoOf(make, nothing, (h) => h.get('postgres', 'CONNECTED', { pid: 101 }));
    expect(a).toContain('worker');
    expect(b).not.toBe(a);
  });
});

describe("ZooKeeper's ensemble", () => {
  const make = () => host('zookeeper', zooKeeperProcess());
  const both = (h: Host) => {
    h.get('node-1', 'CONNECT', { timeoutMs: 5000 });
    h.get('node-2', 'CONNECT', { timeoutMs: 5000 });
  };
  it('a ping for a session it does not know changes nothing', () => {
    const [a, b] = twoOf(make, both, (h) => {
      both(h);
      h.get('node-3', 'PING', { session: 42 });
    });
    expect(b).toBe(a);
  });
  it("a session's deadline, and whose session is whose, are its state", () => {
    const session = 0x1c0ffee00;
    const [a, b] = twoOf(make, both, (h) => {
      both(h);
      h.run(100);
      h.get('node-1', 'PING', { session });
    });
    expect(b).not.toBe(a);
    const [c, d] = twoOf(make, both, (h) => {
      h.get('node-2', 'CONNECT', { timeoutMs: 5000 });
      h.get('node-1', 'CONNECT', { timeoutMs: 5000 });
    });
    expect(d).not.toBe(c);
  });
  it('an ephemeral znode and a watch are its state', () => {
    const session = 0x1c0ffee00;
    const create = (h: Host) => {
      both(h);
      h.get('node-1', 'CREATE', { session, path: '/election/n-' });
    };
    const [a, b] = twoOf(make, both, create);
    expect(b).not.toBe(a);
    const [c, d] = twoOf(make, create, (h) => {
      create(h);
      h.get('node-2', 'EXISTS', { session: session + 1, path: '/election/n-0000000000', watch: true });
    });
    expect(d).not.toBe(c);
  });
  it('a server stopped is its state, though no client sees it yet', () => {
    const [a, b] = twoOf(make, both, (h) => {
      both(h);
      h.p.onFault?.({ kind: 'server', node: 'zookeeper', server: 1, act: 'stop' });
    });
    expect(b).not.toBe(a);
  });
});

describe('the store as a 3-member Raft group', () => {
  const make = () => host('etcd', storeProcess({ members: 3 }));
  const led = (h: Host) => h.run(500);
  it('a member killed and its term moving on are its state', () => {
    const kill = (h: Host) => {
      led(h);
      h.p.onFault?.({ kind: 'server', node: 'etcd', server: 1, act: 'kill' });
    };
    const [a, b] = twoOf(make, led, kill);
    expect(b).not.toBe(a);
    // The others elect a leader of a later term (etcd's election timeout is 1 to 2 s).
    const [c, d] = twoOf(
      make,
      (h) => {
        kill(h);
        h.run(500);
      },
      (h) => {
        kill(h);
        h.run(4000);
      },
    );
    expect(c).toMatch(/"term":2/);
    expect(d).toMatch(/"term":3/);
  });
  it("a write proposed is in the leader's log, with the request it will answer", () => {
    const [a, b] = twoOf(make, led, (h) => {
      led(h);
      h.get('node-1', 'PUT', { reqId: 1, key: '/k', value: 'v' });
      h.run(501);
    });
    expect(b).not.toBe(a);
    expect(b).toContain('"PUT"');
    // By what it asks, not by the counter that names proposals (`p1`, history).
    expect(b).not.toMatch(/"p\d+"/);
  });
});

describe("the algorithms' own checkers", () => {
  const mark = (node: string, name: string, data: Record<string, string | number>): TraceEvent => ({
    k: 'mark',
    t: 0,
    node,
    name,
    data,
  });
  const told = (c: Checker, es: TraceEvent[]) => {
    for (const e of es) c.observe(e);
    expect(c.state).toBeDefined();
    return canonical(c.state?.());
  };
  it("Raft's: each server's log is its state, a mark it does not read is not", () => {
    const log = (value: string) => mark('node-1', 'log', { term: 1, from: 1, terms: '1', values: value });
    const base = told(raftCheckers()[0] as Checker, [log('x1')]);
    expect(told(raftCheckers()[0] as Checker, [log('x1'), mark('node-1', 'elected', { term: 1 })])).toBe(
      base,
    );
    // The same term: only the command in the log differs.
    expect(told(raftCheckers()[0] as Checker, [log('x2')])).not.toBe(base);
  });
  it("SKIP LOCKED's duplicate e-mail: who sent each job's e-mails is its state", () => {
    const email = mark('mail', EMAIL_MARK, { job: 'job-1', by: 'node-1' });
    expect(told(duplicateEmailChecker(), [email])).not.toBe(told(duplicateEmailChecker(), []));
  });
  it('the checkers that read each mark alone keep nothing', () => {
    expect(told(oneJobRunChecker(), [])).toBe('null');
    expect(told(jobCommittedTwiceChecker(), [])).toBe('null');
  });
});
