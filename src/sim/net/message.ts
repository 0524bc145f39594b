/** A message between hosts. `body` is what the receiving machine gets as its event payload. */
export type Primitive = string | number | boolean | null;

export interface Message {
  id: number;
  from: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  /** The TCP connection it came on (Network.sendOnStream), for the answer to go back on. */
  stream?: string;
}

/** The JSON-safe part of a body that goes into the trace (nested objects are left out). */
export function summarize(body: Record<string, unknown>): Record<string, Primitive> | undefined {
  let out: Record<string, Primitive> | undefined;
  for (const [k, v] of Object.entries(body)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out ??= {};
      out[k] = v;
    }
  }
  return out;
}
