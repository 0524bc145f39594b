/**
 * The shape of an architecture decision record as the ADR panel renders it: its context, criteria,
 * the matrix of approaches, the decision, the alternatives and its consequences (adr001.ts and its
 * pt and ru versions hold the text).
 */

export type CriterionId = 'safety' | 'failover' | 'messages' | 'dependencies' | 'ops';

/** How well an approach does on one criterion: drawn as a dot, always said in words too. */
export type Rating = 'good' | 'fair' | 'poor';

export interface MatrixCell {
  rating: Rating;
  text: string;
}

export interface MatrixRow {
  /** 'matrix.<approach>'; a cell's id is '<row id>.<criterion id>'. */
  id: string;
  name: string;
  /** One line under the name: how it decides. */
  how: string;
  cells: Record<CriterionId, MatrixCell>;
  source: string;
}

export interface Consequence {
  id: string;
  title: string;
  text: string;
}

/** One case in "When not to use leader election": what to do instead, linked to a story where the lab has one. */
export interface WhenNotItem {
  id: string;
  title: string;
  text: string;
}

export interface Adr {
  id: string;
  title: string;
  status: string;
  context: { id: string; paragraphs: string[]; drivers: string[] };
  criteria: Array<{ id: CriterionId; label: string; short: string }>;
  matrix: MatrixRow[];
  decision: { id: string; summary: string; reasons: string[]; rejected: string };
  /** The alternatives that need no election; items without a story say so in their text. */
  whenNot: { id: string; intro: string; items: WhenNotItem[] };
  consequences: Consequence[];
  sources: string[];
}
