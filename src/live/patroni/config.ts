/**
 * The live Patroni cluster's config files, written by cluster.ts: each node's Patroni YAML (as JSON,
 * which YAML reads) and HAProxy's cfg. Node-only.
 */
import { join } from 'node:path';
import type { PatroniCredentials, PgNode } from './types.ts';

/** The story's cluster name: its keys are /service/batman/... (scenarios/patroni.ts). */
export const SCOPE = 'batman';
export const NAMESPACE = '/service/';

/**
 * The story's settings, Patroni's defaults (Patroni docs, Dynamic Configuration Settings:
 * https://patroni.readthedocs.io/en/latest/dynamic_configuration.html): ttl 30, loop_wait 10,
 * retry_timeout 10, maximum_lag_on_failover 1048576.
 */
export const DCS = { ttl: 30, loop_wait: 10, retry_timeout: 10, maximum_lag_on_failover: 1_048_576 };

/** Patroni's haproxy.cfg example: `default-server inter 3s fall 3 rise 2`, `retries 2`. */
export const HAPROXY = { interMs: 3000, fall: 3, rise: 2, retries: 2 };

export interface PatroniConfigOptions {
  /** Patroni's user in the session's etcd (auth is on). */
  etcdUser: { user: string; password: string };
  creds: PatroniCredentials;
  pgBinDir: string;
  /**
   * Patroni's `synchronous_mode: true`: a commit waits for one synchronous standby, and only it may be
   * promoted (Patroni docs, Replication modes: https://patroni.readthedocs.io/en/latest/replication_modes.html).
   */
  synchronousMode?: boolean;
}

/** A node's Patroni configuration. */
export function patroniConfig(
  node: Pick<PgNode, 'name' | 'dir' | 'pgPort' | 'restPort' | 'etcdProxies'>,
  o: PatroniConfigOptions,
) {
  // Patroni docs, YAML Configuration Settings: https://patroni.readthedocs.io/en/latest/yaml_configuration.html
  return {
    scope: SCOPE,
    namespace: NAMESPACE,
    name: node.name,
    log: { level: 'INFO', format: '%(asctime)s %(levelname)s: %(message)s' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: {
      hosts: node.etcdProxies.map((p) => `127.0.0.1:${p.port}`),
      use_proxies: true,
      protocol: 'http',
      username: o.etcdUser.user,
      password: o.etcdUser.password,
    },
    bootstrap: {
      dcs: {
        ...DCS,
        ...(o.synchronousMode ? { synchronous_mode: true } : {}),
        postgresql: {
          use_pg_rewind: false,
          // md5: the lab's client (pgWire.ts) speaks md5, not SCRAM.
          parameters: { password_encryption: 'md5', max_connections: 40, max_wal_senders: 6 },
        },
      },
      initdb: [{ encoding: 'UTF8' }, 'no-sync'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: join(node.dir, 'data'),
      bin_dir: o.pgBinDir,
      pgpass: join(node.dir, 'pgpass'),
      authentication: o.creds,
      parameters: { unix_socket_directories: node.dir, shared_buffers: '16MB' },
      pg_hba: [
        'local all all peer',
        `host replication ${o.creds.replication.username} 127.0.0.1/32 md5`,
        'host all all 127.0.0.1/32 md5',
      ],
    },
    watchdog: { mode: 'off' },
    // The story's pg-3 is out of the race: its replication link was cut, so pg-2 is the healthiest
    // replica whatever the seed (scenarios/patroni.ts). Here the `nofailover` tag does that ("If set
    // to true, the node will not be considered as a candidate for failover", Patroni docs, Tags), so
    // every run tells the story's failover, to pg-2.
    // In synchronous mode Patroni promotes only the synchronous standby (Patroni docs, Replication
    // modes), so pg-3, out of the race, is never made it (the `nosync` tag, Patroni docs, Tags).
    tags: {
      nofailover: node.name === 'pg-3',
      ...(o.synchronousMode ? { nosync: node.name === 'pg-3' } : {}),
    },
  };
}

/** HAProxy's configuration: one backend per node, checked on its REST proxy. */
export function haproxyConfig(
  nodes: ReadonlyArray<Pick<PgNode, 'name' | 'pgPort' | 'restProxy'>>,
  statsPort: number,
  haproxyPort: number,
): string {
  // Patroni's haproxy.cfg example, on loopback and free ports; the check asks /primary (Patroni
  // docs, REST API: "GET /primary: returns HTTP status code 200 only when the Patroni node is
  // running as the primary with the leader lock").
  return [
    'global',
    '    maxconn 100',
    'defaults',
    '    mode tcp',
    `    retries ${HAPROXY.retries}`,
    '    timeout client 30m',
    '    timeout connect 4s',
    '    timeout server 30m',
    '    timeout check 5s',
    'listen stats',
    '    mode http',
    `    bind 127.0.0.1:${statsPort}`,
    '    stats enable',
    '    stats uri /',
    `listen ${SCOPE}`,
    `    bind 127.0.0.1:${haproxyPort}`,
    '    option httpchk GET /primary',
    '    http-check expect status 200',
    `    default-server inter ${HAPROXY.interMs / 1000}s fall ${HAPROXY.fall} rise ${HAPROXY.rise} on-marked-down shutdown-sessions`,
    ...nodes.map(
      (n) => `    server ${n.name} 127.0.0.1:${n.pgPort} maxconn 100 check port ${n.restProxy.port}`,
    ),
    '',
  ].join('\n');
}
