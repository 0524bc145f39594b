import { startWorker } from '../../lib/startWorker.ts';
import { proxyStateAt } from '../../player/proxy.ts';
import { eventLimit } from '../../player/steps.ts';
import type { Run } from '../../player/store.ts';
import { linksFor } from '../../views/ClusterView.tsx';
import { createClusterView } from '../../views/d3/cluster/index.ts';
import { ChunkLoadError } from '../boot/lazyChunk.tsx';
import { presentationAttrs, transformText, wrapText } from './export.ts';
import { ANIM_HEIGHT, ANIM_WIDTH, type AnimFormat, type AnimFrame, gifDelay } from './exportAnimation.ts';
import exportWorkerUrl from './exportAnimation.worker.ts?worker&url';
import { webmMimeType } from './mediaSupport.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface StandaloneOptions {
  /** The document title (<title>): scenario and time. */
  title: string;
  /** Lines under the picture: the title line (bold), then the narration caption, wrapped. */
  heading: string;
  caption: string;
}

/**
 * Elements that are controls, not picture: the ADR-001 badge opens a panel of the app, and in a
 * saved image it would be a button that does nothing, over the picture.
 */
const UI_ONLY = '.adr-badge';

/** Attributes that only mean something inside the app (interaction, accessibility tree, focus). */
const APP_ONLY = /^(tabindex|role|aria-(?!label$).*|focusable)$/;

/**
 * The cluster picture as a standalone SVG document: a clone of the live <svg> with every element's
 * computed presentation (theme colours resolved to values) written into its style, a background,
 * a <title>, and the caption under the picture. Renders the same outside the app.
 */
export function standaloneSvg(live: SVGSVGElement, opts: StandaloneOptions): string {
  // A document of its own, outside the page: the page's CSP does not apply to what is built here.
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const clone = doc.importNode(live, true);
  const from = [live, ...live.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const c = to[i];
    if (!c) return;
    const cs = getComputedStyle(el);
    c.removeAttribute('style');
    c.removeAttribute('class');
    for (const a of [...c.attributes]) if (APP_ONLY.test(a.name)) c.removeAttribute(a.name);
    for (const [k, v] of presentationAttrs((p) => cs.getPropertyValue(p))) c.setAttribute(k, v);
    const tt = cs.getPropertyValue('text-transform');
    if (tt !== 'none' && c.childElementCount === 0 && c.textContent)
      c.textContent = transformText(c.textContent, tt);
  });
  // After the styles are copied, which walks both trees in step.
  from.forEach((el, i) => {
    if (el.matches(UI_ONLY)) to[i]?.remove();
  });
  doc.replaceChild(clone, doc.documentElement);

  const vb = live.viewBox.baseVal;
  const width = Math.round(vb && vb.width > 0 ? vb.width : live.clientWidth);
  const height = Math.round(vb && vb.height > 0 ? vb.height : live.clientHeight);
  const rootStyle = getComputedStyle(live);
  const canvas = live.parentElement ? getComputedStyle(live.parentElement) : rootStyle;
  const bg =
    canvas.backgroundColor && canvas.backgroundColor !== 'rgba(0, 0, 0, 0)'
      ? canvas.backgroundColor
      : getComputedStyle(document.body).backgroundColor;
  const text = rootStyle.color;
  const muted = getComputedStyle(document.documentElement).getPropertyValue('--text-muted').trim() || text;

  const lineH = 18;
  const lines = wrapText(opts.caption, Math.max(24, Math.floor((width - 32) / 7.2)));
  const capH = 16 + lineH * (1 + lines.length) + 10;
  const fullH = height + capH;

  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(fullH));
  clone.setAttribute('viewBox', `0 0 ${width} ${fullH}`);
  for (const [k, v] of presentationAttrs((p) => rootStyle.getPropertyValue(p), ['font-family', 'font-size']))
    clone.setAttribute(k, v);

  const make = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>) => {
    const e = doc.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const title = make('title', {});
  title.textContent = opts.title;
  const rect = make('rect', { x: 0, y: 0, width, height: fullH, fill: bg });
  clone.insertBefore(rect, clone.firstChild);
  clone.insertBefore(title, clone.firstChild);

  // The moving messages are painted on a canvas over the picture (views/d3/cluster.ts): embed them.
  const msgs = live.parentElement?.querySelector('canvas.cluster-msgs');
  if (msgs instanceof HTMLCanvasElement && msgs.width > 0)
    clone.append(make('image', { x: 0, y: 0, width, height, href: msgs.toDataURL('image/png') }));

  const cap = make('g', { 'font-size': 13 });
  cap.append(
    make('line', {
      x1: 16,
      x2: width - 16,
      y1: height + 4,
      y2: height + 4,
      stroke: muted,
      'stroke-opacity': 0.35,
    }),
  );
  const head = make('text', { x: 16, y: height + 16 + lineH - 4, fill: text, 'font-weight': 700 });
  head.textContent = opts.heading;
  cap.append(head);
  lines.forEach((l, i) => {
    const tl = make('text', { x: 16, y: height + 16 + lineH * (i + 2) - 4, fill: text });
    tl.textContent = l;
    cap.append(tl);
  });
  clone.append(cap);

  const xml = new XMLSerializer().serializeToString(clone);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** Width and height the standalone SVG declares. */
export function svgSize(svgText: string): { width: number; height: number } {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  return { width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')) };
}

/** Draws the SVG on a canvas at `scale` and returns it as PNG (an <img> from a blob: URL). */
export async function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  const { width, height } = svgSize(svgText);
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the picture could not be drawn'));
    });
    img.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a blob under a file name: an <a download> with a blob: URL, revoked once the click is handled. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The cluster picture on the page (the first player's). */
export function clusterSvg(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('.cluster-canvas svg.cluster-svg');
}

// ---- animated export (GIF, WebM) of a step range ----

/** Height of the picture in an animation frame; the rest of ANIM_HEIGHT is the title line and caption. */
const ANIM_PICTURE_H = 410;
/** The title line standaloneSvg writes under the picture (caption left empty: the canvas draws it). */
const ANIM_HEADING_H = 44;

export interface AnimationSource {
  run: Run;
  /** Accessible name / document title of the picture. */
  label: string;
  /** The title line under the picture at virtual time t. */
  heading(t: number): string;
  /** The caption of a step (-1: before the first). */
  caption(step: number): string;
}

export interface AnimationJob extends AnimationSource {
  frames: readonly AnimFrame[];
  format: AnimFormat;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}

export class AnimationCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AnimationCancelled';
  }
}

/** Lets the page breathe between frames (input, paint): no long task builds up. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function loadSvgImage(svgText: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  const img = new Image();
  img.decoding = 'async';
  return new Promise<HTMLImageElement>((resolve, reject) => {
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the picture could not be drawn'));
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/** Greedy line breaking by measured width; the last allowed line ends in an ellipsis if text remains. */
function canvasLines(ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let cur = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const next = cur ? `${cur} ${w}` : w;
    if (cur && ctx.measureText(next).width > width) {
      lines.push(cur);
      cur = w;
      if (lines.length === max) {
        let last = lines[max - 1] as string;
        while (last && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
        lines[max - 1] = `${last.trimEnd()}…`;
        return lines;
      }
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/**
 * Draws animation frames on a canvas of ANIM_WIDTH x ANIM_HEIGHT: a cluster picture of its own
 * (the same D3 renderer as the stage, off screen, so the stage is not disturbed) goes through
 * standaloneSvg like the frame export, then onto the canvas, with the caption below.
 */
export function createFrameDrawer(src: AnimationSource) {
  const { run } = src;
  const host = document.createElement('div');
  host.className = 'cluster-canvas export-offscreen';
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.width = `${ANIM_WIDTH}px`;
  host.style.height = `${ANIM_PICTURE_H}px`;
  document.body.append(host);
  const hosts = run.trace.hosts;
  const backends = hosts.filter((h) => h.kind === 'node').map((h) => h.id);
  const renderer = createClusterView(host, {
    hosts,
    links: linksFor(run.index),
    flashMs: Math.max(1, 900 * run.scenario.timeScale),
    label: src.label,
    // Not data-node: the page's own picture keeps the testing contract's names to itself.
    nodeAttribute: 'data-export-node',
    routeOf: (proxy, at) => proxyStateAt(run.index, proxy, at, backends).route,
  });
  const canvas = document.createElement('canvas');
  canvas.width = ANIM_WIDTH;
  canvas.height = ANIM_HEIGHT;
  // Every GIF frame is read back (getImageData): a canvas kept in memory for that.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas');
  const rootStyle = getComputedStyle(document.documentElement);
  const textColor = rootStyle.getPropertyValue('--text').trim() || '#1b2330';
  const font = rootStyle.getPropertyValue('--font-sans').trim() || 'sans-serif';

  return {
    canvas,
    ctx,
    async draw(f: AnimFrame): Promise<void> {
      const { steps, events } = run.trace;
      renderer.update(run.index.frameAt(f.t, eventLimit(steps, events, { t: f.t, stepIndex: f.step })));
      const svg = host.querySelector<SVGSVGElement>('svg.cluster-svg');
      if (!svg) throw new Error('the picture is missing');
      const heading = src.heading(f.t);
      const img = await loadSvgImage(standaloneSvg(svg, { title: heading, heading, caption: '' }));
      // The standalone SVG's own background rect fills the top; its colour continues under the caption.
      ctx.drawImage(img, 0, 0, ANIM_WIDTH, ANIM_PICTURE_H + ANIM_HEADING_H);
      const bg = ctx.getImageData(2, 2, 1, 1).data;
      ctx.fillStyle = `rgb(${bg[0]}, ${bg[1]}, ${bg[2]})`;
      ctx.fillRect(0, ANIM_PICTURE_H + ANIM_HEADING_H, ANIM_WIDTH, ANIM_HEIGHT);
      ctx.fillStyle = textColor;
      ctx.font = `16px ${font}`;
      ctx.textBaseline = 'top';
      const lines = canvasLines(ctx, src.caption(f.step), ANIM_WIDTH - 32, 3);
      lines.forEach((l, i) => {
        ctx.fillText(l, 16, ANIM_PICTURE_H + ANIM_HEADING_H + 2 + i * 22);
      });
    },
    destroy() {
      renderer.destroy();
      host.remove();
    },
  };
}

/** Where GIF frames are encoded: the export's worker, or the page when no worker can start. */
interface GifSink {
  frame(width: number, height: number, delayMs: number, pixels: ArrayBuffer): Promise<void>;
  finish(): Promise<ArrayBuffer>;
  close(): void;
}

function workerSink(): GifSink | null {
  let worker: Worker;
  try {
    worker = startWorker(new URL(exportWorkerUrl, import.meta.url));
  } catch {
    // A page whose policy allows no worker (startWorker).
    return null;
  }
  let pending: { resolve(v: unknown): void; reject(e: Error): void } | null = null;
  // Kept: the worker may fail (its script not fetched) while no reply is awaited yet.
  let failure: Error | null = null;
  const reply = () =>
    failure
      ? Promise.reject(failure)
      : new Promise<unknown>((resolve, reject) => {
          pending = { resolve, reject };
        });
  worker.onmessage = (e: MessageEvent) => pending?.resolve(e.data);
  // A worker script that could not be fetched (offline) fires a plain error event, without a message.
  worker.onerror = (e) => {
    failure =
      e instanceof ErrorEvent ? new Error(e.message || 'the GIF encoder stopped') : new ChunkLoadError(e);
    pending?.reject(failure);
  };
  return {
    async frame(width, height, delay, pixels) {
      const ack = reply();
      worker.postMessage({ kind: 'frame', width, height, delay, pixels }, [pixels]);
      await ack;
    },
    async finish() {
      const done = reply();
      worker.postMessage({ kind: 'finish' });
      return ((await done) as { bytes: ArrayBuffer }).bytes;
    },
    close: () => worker.terminate(),
  };
}

/** The page's own encoder: one frame per task (a 960x540 frame takes tens of ms), then it yields. */
async function pageSink(): Promise<GifSink> {
  const { gifEncoder } = await import('./gifEncoder.ts');
  const encoder = gifEncoder();
  return {
    async frame(width, height, delay, pixels) {
      await yieldToPage();
      encoder.frame(width, height, delay, pixels);
    },
    finish: async () => encoder.finish(),
    close() {},
  };
}

/** GIF: frames are drawn here and encoded in a worker (gifenc), one at a time (bounded memory). */
async function recordGif(job: AnimationJob, drawer: ReturnType<typeof createFrameDrawer>): Promise<Blob> {
  const sink = workerSink() ?? (await pageSink());
  try {
    const total = job.frames.length;
    for (let i = 0; i < total; i++) {
      if (job.signal.aborted) throw new AnimationCancelled();
      const f = job.frames[i] as AnimFrame;
      await drawer.draw(f);
      const pixels = drawer.ctx.getImageData(0, 0, ANIM_WIDTH, ANIM_HEIGHT).data.buffer;
      await sink.frame(ANIM_WIDTH, ANIM_HEIGHT, gifDelay(f.ms) * 10, pixels);
      job.onProgress(i + 1, total);
      await yieldToPage();
    }
    return new Blob([await sink.finish()], { type: 'image/gif' });
  } finally {
    sink.close();
  }
}

/**
 * WebM: MediaRecorder records the canvas in real time, so each frame is pushed (requestFrame) at
 * its moment on the wall clock and stays until the next; the file takes as long as the animation.
 */
async function recordWebm(job: AnimationJob, drawer: ReturnType<typeof createFrameDrawer>): Promise<Blob> {
  const mimeType = webmMimeType();
  if (!mimeType) throw new Error('this browser cannot record WebM');
  // What is recorded is a copy: drawing the next frame must not show half-done on the track.
  const out = document.createElement('canvas');
  out.width = ANIM_WIDTH;
  out.height = ANIM_HEIGHT;
  const octx = out.getContext('2d');
  if (!octx) throw new Error('no 2D canvas');
  const stream = out.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack | undefined;
  if (!track) throw new Error('the canvas gave no video track');
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_500_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start(1000);
  const sleepUntil = async (at: number) => {
    while (performance.now() < at) {
      if (job.signal.aborted) return;
      await new Promise((r) => setTimeout(r, Math.min(40, Math.max(0, at - performance.now()))));
    }
  };
  try {
    const total = job.frames.length;
    let at = performance.now();
    for (let i = 0; i < total; i++) {
      if (job.signal.aborted) throw new AnimationCancelled();
      const f = job.frames[i] as AnimFrame;
      await drawer.draw(f);
      // Keep to the schedule; a frame that took longer to draw is shown late, not skipped.
      await sleepUntil(at);
      octx.drawImage(drawer.canvas, 0, 0);
      track.requestFrame();
      at = Math.max(at, performance.now()) + f.ms;
      job.onProgress(i + 1, total);
    }
    await sleepUntil(at);
    if (job.signal.aborted) throw new AnimationCancelled();
  } finally {
    if (recorder.state !== 'inactive') recorder.stop();
    track.stop();
  }
  await stopped;
  return new Blob(chunks, { type: 'video/webm' });
}

/** Records the job's frames as a GIF or a WebM. Rejects with AnimationCancelled when its signal aborts. */
export async function recordAnimation(job: AnimationJob): Promise<Blob> {
  const drawer = createFrameDrawer(job);
  try {
    return job.format === 'gif' ? await recordGif(job, drawer) : await recordWebm(job, drawer);
  } finally {
    drawer.destroy();
  }
}
