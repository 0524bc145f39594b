/**
 * The live cluster's door: etcd's v3 authentication, so only the lab's own clients read or write.
 *
 * Why. A browser page of any origin can send `fetch(member + '/v3/kv/put', { method: 'POST', mode:
 * 'no-cors', body })`: a "simple" request, sent without a preflight, which etcd executes (its `--cors`
 * only decides who may READ the answer). With auth on, a request without a token is refused
 * ("user name is empty"), and a page cannot add the token: `Authorization` is not a CORS-safelisted
 * header, so a no-cors request drops it and a cors one needs a preflight etcd answers only for its
 * own origin. The token comes from `/v3/auth/authenticate` with a user and password made at random for
 * this session; they never leave this process (the page talks to the control service, not to etcd).
 *
 * etcd 3.4: auth needs a `root` user with the `root` role before `auth enable` (etcd v3.4 docs,
 * "Role-based access control": the root user "must be created before activating authentication");
 * the JSON gateway takes the token in the `Authorization` header (etcd docs, "gRPC gateway",
 * "Authentication"). The default "simple" tokens are refreshed here when a member forgets them (a
 * restarted member, a token idle past --auth-token-ttl): an Unauthenticated answer re-authenticates
 * once and retries. Node-only.
 */
import { randomBytes } from 'node:crypto';

export interface EtcdCredentials {
  user: string;
  password: string;
}

/** gRPC Unauthenticated (16): "invalid auth token", a token the member does not know (any more). */
export const UNAUTHENTICATED = 16;

const secret = () => randomBytes(24).toString('base64url');

/** This session's users: root (needed to enable auth) and the lab's own, both random. */
export function sessionCredentials(): { root: EtcdCredentials; lab: EtcdCredentials } {
  return {
    root: { user: 'root', password: secret() },
    lab: { user: `lab-${randomBytes(6).toString('hex')}`, password: secret() },
  };
}

async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  const json = JSON.parse((await res.text()) || '{}') as Record<string, unknown>;
  if (json.error !== undefined || !res.ok)
    throw new Error(`etcd ${path}: ${String(json.message ?? json.error ?? `HTTP ${res.status}`)}`);
  return json;
}

/**
 * Turns auth on in a fresh cluster, through one member: root and the lab's user (with the root role),
 * then `auth enable`. A page that found the member's port in the moment before could have written
 * or added a user: checked after, as the lab's user, and the start refused if anything is there.
 */
export async function enableAuth(
  url: string,
  creds: { root: EtcdCredentials; lab: EtcdCredentials },
): Promise<void> {
  for (const c of [creds.root, creds.lab]) {
    await post(url, '/v3/auth/user/add', { name: c.user, password: c.password });
    await post(url, '/v3/auth/user/grant', { user: c.user, role: 'root' });
  }
  await post(url, '/v3/auth/enable', {});
  const auth = new EtcdAuth([url], creds.lab);
  const headers = await auth.headers();
  const users = await post(url, '/v3/auth/user/list', {}, headers);
  const expected = [creds.lab.user, creds.root.user].sort();
  const seen = ((users.users as string[] | undefined) ?? []).slice().sort();
  if (JSON.stringify(seen) !== JSON.stringify(expected))
    throw new Error(`etcd auth: unexpected users ${JSON.stringify(seen)}; the cluster was tampered with`);
  const all = await post(url, '/v3/kv/range', { key: 'AA==', range_end: 'AA==', count_only: true }, headers);
  if (Number(all.count ?? 0) !== 0)
    throw new Error('etcd auth: keys written before auth was on; the cluster was tampered with');
}

/** The lab's token for the members, fetched on first use and again when a member refuses it. */
export class EtcdAuth {
  private token: string | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly endpoints: readonly string[],
    private readonly creds: EtcdCredentials,
  ) {}

  /** The header every request to a member carries. */
  async headers(): Promise<Record<string, string>> {
    return { Authorization: this.token ?? (await this.authenticate()) };
  }

  /** A member refused `stale`: fetch a new token (once, however many requests saw it refused). */
  async refresh(stale: string | undefined): Promise<void> {
    if (this.token !== null && this.token !== stale) return;
    this.token = null;
    await this.authenticate();
  }

  private authenticate(): Promise<string> {
    this.pending ??= (async () => {
      let why = 'no member answered';
      try {
        // Any member that answers: authenticate goes through Raft, so the token is the cluster's.
        for (const url of this.endpoints) {
          try {
            const r = await post(url, '/v3/auth/authenticate', {
              name: this.creds.user,
              password: this.creds.password,
            });
            if (typeof r.token === 'string') {
              this.token = r.token;
              return r.token;
            }
          } catch (e) {
            why = (e as Error).message;
          }
        }
        throw new Error(`etcd authentication failed: ${why}`);
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}
