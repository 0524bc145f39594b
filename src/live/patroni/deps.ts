/**
 * What `npm run live -- --system patroni` needs from the machine, and exactly what to install when
 * something is missing (Debian's packages: patroni 3.0.2, postgresql-15, haproxy 2.6, etcd-server
 * 3.4). PG_BIN_DIR, PATRONI_BIN and HAPROXY_BIN point elsewhere. Node-only.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface PatroniBins {
  patroni: string;
  haproxy: string;
  /** PostgreSQL 15's bin dir (postgres, initdb, pg_ctl, pg_basebackup). */
  pgBinDir: string;
  etcd: string;
}

const executable = (f: string) => {
  try {
    accessSync(f, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(bin: string): string | null {
  if (bin.includes('/')) return executable(bin) ? bin : null;
  for (const d of (process.env.PATH ?? '').split(delimiter).filter(Boolean))
    if (executable(join(d, bin))) return join(d, bin);
  // Debian puts haproxy in /usr/sbin, which a non-root PATH may lack.
  for (const d of ['/usr/sbin', '/sbin']) if (executable(join(d, bin))) return join(d, bin);
  return null;
}

export class MissingPackages extends Error {
  constructor(readonly packages: string[]) {
    super(
      `--system patroni needs ${packages.join(', ')}: apt-get install ${packages.join(' ')} (Debian 12), ` +
        'or set PATRONI_BIN, PG_BIN_DIR, HAPROXY_BIN, ETCD_BIN',
    );
  }
}

/** The binaries, or MissingPackages naming the Debian packages to install. */
export function findPatroniBins(env: NodeJS.ProcessEnv = process.env): PatroniBins {
  const patroni = onPath(env.PATRONI_BIN ?? 'patroni');
  const haproxy = onPath(env.HAPROXY_BIN ?? 'haproxy');
  const etcd = onPath(env.ETCD_BIN ?? 'etcd');
  const pgBinDir = env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
  const pg = ['postgres', 'initdb', 'pg_ctl', 'pg_basebackup'].every((b) => executable(join(pgBinDir, b)));
  const missing = [
    ...(patroni ? [] : ['patroni']),
    ...(pg ? [] : ['postgresql-15']),
    ...(haproxy ? [] : ['haproxy']),
    ...(etcd ? [] : ['etcd-server']),
  ];
  if (missing.length > 0 || !patroni || !haproxy || !etcd) throw new MissingPackages(missing);
  return { patroni, haproxy, pgBinDir, etcd };
}

/**
 * Who runs PostgreSQL and Patroni: as root, Debian's `postgres` user (postgresql-common creates it;
 * initdb refuses to run as root); otherwise the invoking user (null: no change).
 */
export function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new MissingPackages(['postgresql-common (it creates the postgres user)']);
  return { uid: Number(uid), gid: Number(gid) };
}
