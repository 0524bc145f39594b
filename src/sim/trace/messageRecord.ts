import type { DropReason } from './events.ts';

/**
 * One message of a run as the views index it: its send and its fate. Its own module, so the frame
 * index and the digest the engine builds (messageDigest.ts, messageCounts.ts) both read it without
 * importing each other.
 */
export interface MessageRecord {
  id: number;
  from: string;
  to: string;
  type: string;
  sendAt: number;
  deliverAt: number;
  fate: 'delivered' | 'dropped';
  dropReason?: DropReason;
  data?: Record<string, string | number | boolean | null>;
}
