import { describe, expect, it } from 'vitest';
import { createMachine, enqueueActions, raise, setup } from 'xstate';
import { bullyMachine } from './bully/machine.ts';
import { replicaMachine } from './cronjob/machine.ts';
import { dbJobMachine } from './dbjob/machine.ts';
import { gossipMachine } from './gossip/machine.ts';
import { heartbeatMachine } from './heartbeat/machine.ts';
import { kubeLeaseMachine } from './kubernetes/machine.ts';
import { leaseMachine } from './lease/machine.ts';
import { patroniMachine } from './patroni/machine.ts';
import { raftMachine } from './raft/machine.ts';
import { mayRaise } from './raises.ts';
import { shardedMachine } from './sharded/machine.ts';
import { workerMachine } from './skiplocked/machine.ts';
import { zkMachine } from './zookeeper/machine.ts';

describe('mayRaise: whether a machine can take a microstep on an event of its own', () => {
  it('finds raise, enqueueActions and final states, named or inline, at any depth', () => {
    const plain = createMachine({ initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });
    expect(mayRaise(plain)).toBe(false);
    const inline = createMachine({
      initial: 'a',
      states: { a: { on: { GO: { target: 'b', actions: raise({ type: 'X' }) } } }, b: {} },
    });
    expect(mayRaise(inline)).toBe(true);
    const named = setup({ actions: { ping: raise({ type: 'X' }) } }).createMachine({
      initial: 'a',
      states: { a: { initial: 'in', states: { in: { entry: 'ping' } } } },
    });
    expect(mayRaise(named)).toBe(true);
    const queued = setup({ actions: { q: enqueueActions(() => {}) } }).createMachine({
      initial: 'a',
      states: { a: { after: { 10: { target: 'a', actions: 'q' } } } },
    });
    expect(mayRaise(queued)).toBe(true);
    const done = createMachine({
      initial: 'a',
      states: {
        a: { initial: 'x', states: { x: { on: { GO: 'y' } }, y: { type: 'final' } }, onDone: 'b' },
        b: {},
      },
    });
    expect(mayRaise(done)).toBe(true);
    // A delayed raise (and so every `after` transition) is a macrostep of its own, later.
    const delayed = setup({ delays: { soon: 10 } }).createMachine({
      initial: 'a',
      states: {
        a: {
          entry: [raise({ type: 'X' }, { delay: 5 }), raise({ type: 'Y' }, { delay: 'soon' })],
          after: { 20: 'a' },
        },
      },
    });
    expect(mayRaise(delayed)).toBe(false);
    // A delay the machine does not name resolves to none: XState raises at once.
    const unnamed = createMachine({ entry: raise({ type: 'X' }, { delay: 'missing' as never }) });
    expect(mayRaise(unnamed)).toBe(true);
    const custom = setup({ actions: { log: () => {} } }).createMachine({ entry: ['log', () => {}] });
    expect(mayRaise(custom)).toBe(false);
  });

  it("tells the lab's machines apart: Patroni raises pg.promote, the lease machine raises nothing", () => {
    const machines = {
      bullyMachine,
      replicaMachine,
      dbJobMachine,
      gossipMachine,
      heartbeatMachine,
      kubeLeaseMachine,
      leaseMachine,
      patroniMachine,
      raftMachine,
      shardedMachine,
      workerMachine,
      zkMachine,
    };
    const raising = Object.entries(machines)
      .filter(([, m]) => mayRaise(m))
      .map(([n]) => n);
    expect(raising).toContain('patroniMachine');
    expect(raising).not.toContain('leaseMachine');
    expect(raising).toMatchSnapshot();
  });
});
