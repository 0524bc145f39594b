// The sequence diagram's public shapes: the words it draws, its options, the state it draws and its handle.
import type { DisplayRole } from '../../../sim/trace/events.ts';
import type { MessageView, TraceIndex, WriteEvent } from '../../../sim/trace/frame.ts';

export interface SequenceText {
  /** The accessible name of the drawing. */
  label: string;
  /** Text alternative of one arrow. */
  message(m: MessageView): string;
  leader(node: string, token: number | null, term: number | null, from: number, to: number): string;
  tokenTag(token: number | null, term: number | null): string;
  paused(node: string, from: number, to: number): string;
  isolated(node: string, from: number, to: number): string;
  down(node: string, from: number, to: number): string;
  crash(node: string, t: number): string;
  restart(node: string, t: number): string;
  partition(groups: string[][], from: number, to: number): string;
  /** The short tag on a partition band. */
  partitionTag: string;
  write(w: WriteEvent): string;
  expiry(store: string, lease: number, keys: string[], revision: number): string;
  violation(kind: string, detail: string, t: number): string;
  role(node: string, role: DisplayRole): string;
}

export interface SequenceOptions {
  onSeek(t: number): void;
  text: SequenceText;
}

export interface SequenceState {
  index: TraceIndex;
  t: number;
  windowMs: number;
  width: number;
  height: number;
}

export interface SequenceRenderer {
  update(state: SequenceState): void;
  destroy(): void;
}
