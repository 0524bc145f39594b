import { describe, expect, it } from 'vitest';
import { haproxyConfig, patroniConfig } from './config.ts';
import type { TcpProxy } from './tcpProxy.ts';

const proxy = (port: number) => ({ port }) as TcpProxy;
const node = (i: number) => ({
  name: `pg-${i}`,
  dir: `/tmp/x/pg-${i}`,
  pgPort: 5000 + i,
  restPort: 8000 + i,
  etcdProxies: [proxy(9001), proxy(9002), proxy(9003)],
  restProxy: proxy(7000 + i),
});
const opts = {
  etcdUser: { user: 'u', password: 'p' },
  creds: {
    superuser: { username: 'postgres', password: 's' },
    replication: { username: 'r', password: 'q' },
  },
  pgBinDir: '/usr/lib/postgresql/15/bin',
};

describe("live Patroni's config files", () => {
  it("carry the story's settings, and pg-3 out of the race", () => {
    const c = patroniConfig(node(3), opts);
    expect(c.bootstrap.dcs).toMatchObject({ ttl: 30, loop_wait: 10, retry_timeout: 10 });
    expect(c.bootstrap.dcs).not.toHaveProperty('synchronous_mode');
    expect(c.etcd3.hosts).toEqual(['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9003']);
    expect(c.tags).toEqual({ nofailover: true });
    expect(patroniConfig(node(2), opts).tags).toEqual({ nofailover: false });
  });

  it('synchronousMode turns on synchronous_mode, and pg-3 is never the synchronous standby', () => {
    const on = { ...opts, synchronousMode: true };
    expect(patroniConfig(node(1), on).bootstrap.dcs).toMatchObject({ synchronous_mode: true });
    expect(patroniConfig(node(3), on).tags).toEqual({ nofailover: true, nosync: true });
    expect(patroniConfig(node(2), on).tags).toEqual({ nofailover: false, nosync: false });
  });

  it("HAProxy checks each node's /primary through its REST proxy, inter 3s fall 3 rise 2", () => {
    const cfg = haproxyConfig([node(1), node(2)], 6001, 6000);
    expect(cfg).toContain('option httpchk GET /primary');
    expect(cfg).toContain('default-server inter 3s fall 3 rise 2');
    expect(cfg).toContain('server pg-2 127.0.0.1:5002 maxconn 100 check port 7002');
    expect(cfg).toContain('bind 127.0.0.1:6000');
  });
});
