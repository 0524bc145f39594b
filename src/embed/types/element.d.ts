/**
 * Types of `leader-election-lab/element`: importing it defines <leader-election-player> once.
 * Kept by hand, small and readable; src/embed/types/check.ts fails the typecheck when they drift
 * from the element's own.
 */

/** The detail of the element's `ready`, `step` and `ended` events (bubbling CustomEvents). */
export interface PlayerEventDetail {
  source: 'leader-election-lab';
  v: 1;
  type: 'ready' | 'step' | 'ended' | 'state' | 'error';
  scenario: string;
  /** 1-based narration step on screen, 0 before the first. */
  step: number;
  stepCount: number;
  /** Cursor, virtual ms (whole). */
  t: number;
  playing: boolean;
  error?: string;
}

/**
 * <leader-election-player scenario="fencing-token" step="3" controls="minimal" autoplay loop
 * start="5" end="10" lang="pt" theme="dark" seed="1" nodes="5" speed="2" t="4000" inspect="node-1"
 * app-url="…">
 * `src="stories/my-story.json"`: a story file on the lab's own site (relative to the lab), in place
 * of `scenario`; a URL on another site is refused with a message. `story="…"`: a story link's data
 * (what follows `#story=`). `scenario="challenge-split-brain"`: that story's challenge.
 */
export declare class LeaderElectionPlayerElement extends HTMLElement {
  static observedAttributes: string[];
  play(): void;
  pause(): void;
  /** Goes to a 1-based narration step (ignored when it is not one of the run's). */
  seek(step: number): void;
  /** Switches to another scenario (sets the `scenario` attribute). */
  select(scenarioId: string): void;
}

/** The tag the module defines. */
export declare const TAG: 'leader-election-player';

/** Defines the element under another tag too (a second call for the same tag is harmless). */
export declare function defineLeaderElectionPlayer(tag?: string): void;

declare global {
  interface HTMLElementTagNameMap {
    'leader-election-player': LeaderElectionPlayerElement;
  }
  interface HTMLElementEventMap {
    ready: CustomEvent<PlayerEventDetail>;
    step: CustomEvent<PlayerEventDetail>;
    ended: CustomEvent<PlayerEventDetail>;
  }
}
