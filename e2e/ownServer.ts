/**
 * The built app on a server of the spec's own: `vite preview` on 127.0.0.1, on a free port, stopped by
 * its pid. For what only a server that is really gone shows (the offline copy): Playwright's
 * setOffline does not stop a service worker's own fetches in Chromium (microsoft/playwright#2311).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

export function serve(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--strictPort',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('vite preview did not start')), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes(`${port}`)) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.once('exit', (code) => fail(new Error(`vite preview exited with ${code}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  process.kill(child.pid, 'SIGTERM');
  await gone;
}
