/**
 * The live control service: one HTTP server on 127.0.0.1 that serves the built app and a short API
 * for the live view of one live run (a `LiveService`: etcd's lease nodes, src/live/session.ts, or a
 * Patroni cluster, src/live/patroni/serve.ts). The page reads the recording as Server-Sent Events and
 * sends its faults back; the run lives here, not in the page (a hidden page's timers are throttled,
 * and a page may open only 6 connections to one origin). Node-only.
 *
 * What it accepts: GET of the app's files; and, with the token of the URL it printed, GET
 * /live/events (the stream), GET /live/trace (the recording so far), POST /live/fault (one fault of
 * the run's short list: for etcd a node's crash, restart, pause, resume, isolate from the store,
 * rejoin, a member's stop, resume, kill, restart; for Patroni the kinds of PATRONI_FAULTS) and POST
 * /live/stop. Anything else is refused. Every request must name this server in `Host` and, when it
 * has an `Origin`, this server's origin, so another web page (or a DNS-rebinding name) cannot drive it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { CSP } from '../../vite.config.ts';
import { shapeProblem } from '../sim/faults/shape.ts';
import { FAULTS, liveForm } from '../sim/faults/table.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import type { LiveArgs } from './args.ts';
import { isLiveNodeFault, isStoreFault, type LiveNodeFault, type StoreFault } from './run.ts';
import { type LiveSession, startSession } from './session.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

// The app's own policy, but a control page is never framed (a framing page could steer its clicks).
const LIVE_CSP = CSP.replace('frame-ancestors *', "frame-ancestors 'none'");
const HEADERS = {
  'Content-Security-Policy': LIVE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** The longest fault request read (a fault is a few dozen bytes). */
const MAX_BODY = 2000;

/** What the service serves: one live run's recording as it grows, the faults it takes, and its end. */
export interface LiveService {
  trace(): Trace;
  /** New events as the run releases them; returns the unsubscribe. */
  subscribe(listener: (events: TraceEvent[]) => void): () => void;
  readonly stopped: boolean;
  /** What the page's bar shows: etcd's quorum and members, and whether the cluster answers. */
  status(): {
    quorum: boolean;
    members: Array<{ index: number; id: string; state: string }>;
    reachable: boolean;
  };
  /** One fault request: what is wrong with it (a 400), or it applied now and whether it changed anything. */
  fault(body: unknown): { problem: string } | Promise<{ changed: boolean }>;
  /** Ends the recording (its last events go out); `stop` then stops the cluster. */
  end(): Promise<Trace>;
  stop(): Promise<unknown>;
}

export interface LiveServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Checks one fault request against the short list; null when it is not on it. */
export function faultOf(body: unknown, nodes: number): LiveNodeFault | StoreFault | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const f = body as Record<string, unknown>;
  const keys = Object.keys(f).sort().join(',');
  if (typeof f.kind !== 'string') return null;
  if (isStoreFault(f as { kind: string })) {
    const m = f.member;
    return keys === 'kind,member' && typeof m === 'number' && Number.isInteger(m) && m >= 1 && m <= 3
      ? { kind: f.kind as StoreFault['kind'], member: m }
      : null;
  }
  if (!isLiveNodeFault(f as { kind: string })) return null;
  const kind = f.kind as LiveNodeFault['kind'];
  const node = f.node;
  if (typeof node !== 'string' || !/^node-[1-9]$/.test(node) || Number(node.slice(5)) > nodes) return null;
  // The fault table's shape, in the one form live mode applies it (an isolation is from the store
  // alone), with no field it does not name and no duration over 10 minutes.
  const { fields } = FAULTS[kind];
  if (shapeProblem(fields, f) !== null) return null;
  for (const [name, field] of Object.entries(fields))
    if (field.type === 'ms' && (f[name] as number) > 600_000) return null;
  const fault = f as LiveNodeFault;
  const form = liveForm(fault);
  if (form === null || JSON.stringify(sortKeys(form)) !== JSON.stringify(sortKeys(f))) return null;
  return form;
}

/** etcd live mode's session as the service serves it. */
export function etcdService(s: LiveSession, nodes: number): LiveService {
  return {
    trace: () => s.run.trace(),
    subscribe: (l) => s.run.subscribe(l),
    get stopped() {
      return s.run.stoppedAt !== null;
    },
    status: () => ({
      quorum: s.run.hasQuorum,
      members: s.cluster.info().map((m) => ({ index: m.index, id: m.id, state: m.state })),
      // The page says "the cluster is unreachable" when the nodes' last answer is older than a failure.
      reachable: s.run.lastFailureAt < 0 || s.run.lastAnswerAt >= s.run.lastFailureAt,
    }),
    fault: (body) => {
      const f = faultOf(body, nodes);
      if (!f) return { problem: 'not a live fault' };
      return (isStoreFault(f) ? s.run.storeFault(f) : Promise.resolve(s.run.nodeFault(f))).then(
        (changed) => ({
          changed,
        }),
      );
    },
    end: () => s.run.stop(),
    stop: () => s.stop(),
  };
}

const sortKeys = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

function sameToken(a: string | null | undefined, token: string): boolean {
  if (typeof a !== 'string' || a.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(token));
}

/** Builds the app into dist/ when it is not built yet (or is older than its sources' newest file). */
export function ensureBuilt(root: string): void {
  const index = join(root, 'dist', 'index.html');
  if (existsSync(index)) return;
  process.stderr.write('live: building the app (vite build)...\n');
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function startServer(
  service: () => LiveService | null,
  opts: { root: string; port?: number; onStop?: () => void },
): Promise<LiveServer> {
  const token = randomBytes(24).toString('hex');
  const dist = resolve(opts.root, 'dist');
  const clients = new Set<ServerResponse>();
  let port = 0;
  const origins = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const hosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];

  const refuse = (res: ServerResponse, code: number, why: string) => {
    res.writeHead(code, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${why}\n`);
  };

  const sendJson = (res: ServerResponse, code: number, body: unknown) => {
    res.writeHead(code, { ...HEADERS, 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const status = () => {
    const s = service();
    return {
      ...(s?.status() ?? { quorum: false, members: [], reachable: false }),
      stopped: s?.stopped ?? true,
    };
  };

  const broadcast = (event: string, data: unknown) => {
    const line = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of clients) c.write(line);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolveBody, reject) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
        if (body.length > MAX_BODY) {
          reject(new Error('too large'));
          req.destroy();
        }
      });
      req.on('end', () => resolveBody(body));
      req.on('error', reject);
    });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!hosts().includes(req.headers.host ?? '')) return refuse(res, 421, 'wrong Host');
      const origin = req.headers.origin;
      if (origin !== undefined && !origins().includes(origin)) return refuse(res, 403, 'wrong Origin');

      if (url.pathname.startsWith('/live/')) {
        const given = url.searchParams.get('token') ?? req.headers['x-live-token'];
        if (!sameToken(Array.isArray(given) ? given[0] : given, token)) return refuse(res, 403, 'no token');
        const s = service();
        if (req.method === 'GET' && url.pathname === '/live/events') {
          res.writeHead(200, {
            ...HEADERS,
            'Content-Type': 'text/event-stream',
            Connection: 'keep-alive',
          });
          const tr = s?.trace();
          if (tr) {
            const { events, ...head } = tr;
            res.write(`event: head\ndata: ${JSON.stringify(head)}\n\n`);
            res.write(`event: events\ndata: ${JSON.stringify(events)}\n\n`);
          }
          if (tr && s?.stopped)
            res.write(`event: stopped\ndata: ${JSON.stringify({ durationMs: tr.durationMs })}\n\n`);
          res.write(`event: status\ndata: ${JSON.stringify(status())}\n\n`);
          clients.add(res);
          req.on('close', () => clients.delete(res));
          return;
        }
        if (req.method === 'GET' && url.pathname === '/live/trace') {
          return s ? sendJson(res, 200, s.trace()) : refuse(res, 503, 'not started');
        }
        if (req.method === 'POST' && url.pathname === '/live/fault') {
          if (!s || s.stopped) return refuse(res, 409, 'the recording has stopped');
          let body: unknown;
          try {
            body = JSON.parse(await readBody(req));
          } catch {
            return refuse(res, 400, 'not JSON');
          }
          const applied = s.fault(body);
          if ('problem' in applied) return refuse(res, 400, applied.problem);
          const { changed } = await applied;
          broadcast('status', status());
          return sendJson(res, 200, { changed });
        }
        if (req.method === 'POST' && url.pathname === '/live/stop') {
          if (!s) return refuse(res, 503, 'not started');
          // The recording ends first (its last events go out), then the cluster stops.
          const trace = await s.end();
          broadcast('stopped', { durationMs: trace.durationMs });
          await s.stop();
          broadcast('status', status());
          opts.onStop?.();
          return sendJson(res, 200, { durationMs: trace.durationMs });
        }
        return refuse(res, 404, 'not on the list');
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'GET only');
      const rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
      let file = join(dist, rel);
      if (!file.startsWith(dist)) return refuse(res, 403, 'outside the app');
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) return refuse(res, 404, 'not found');
      res.writeHead(200, { ...HEADERS, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
    })().catch((e: unknown) => {
      if (!res.headersSent) refuse(res, 500, (e as Error).message);
    });
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;

  // New final events go to every page as they are released; the status every second.
  let unsubscribe: (() => void) | null = null;
  const attach = () => {
    const s = service();
    if (!s || unsubscribe) return;
    unsubscribe = s.subscribe((events: TraceEvent[]) => broadcast('events', events));
  };
  const statusTimer = setInterval(() => {
    attach();
    broadcast('status', status());
  }, 1000);
  attach();

  return {
    url: `http://127.0.0.1:${port}/#live=${token}`,
    port,
    token,
    close: async () => {
      clearInterval(statusTimer);
      unsubscribe?.();
      for (const c of clients) c.end();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** `npm run live`: cluster, control service, app; prints the URL; runs until Ctrl+C. */
export async function serveLive(
  a: LiveArgs,
  root = process.cwd(),
): Promise<{ session: LiveSession; server: LiveServer }> {
  ensureBuilt(root);
  let session: LiveSession | null = null;
  let served: LiveService | null = null;
  const server = await startServer(() => served, { root });
  try {
    session = await startSession(a);
    served = etcdService(session, a.nodes);
  } catch (e) {
    await server.close();
    throw e;
  }
  return { session, server };
}
