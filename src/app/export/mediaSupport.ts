/**
 * The MIME type MediaRecorder will write WebM with here, or null when it cannot (then the Export menu
 * says so, disabled). A module of its own: the menu asks before the export chunk is loaded.
 */
export function webmMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement === 'undefined') return null;
  if (typeof HTMLCanvasElement.prototype.captureStream !== 'function') return null;
  for (const m of ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'])
    if (MediaRecorder.isTypeSupported(m)) return m;
  return null;
}
