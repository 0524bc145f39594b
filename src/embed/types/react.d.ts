/**
 * Types of `leader-election-lab/react`: the player as a React component (react and react-dom are the
 * host's). Safe to import where there is no `window` (Docusaurus renders MDX in Node): it renders an
 * empty box on the server and starts in the browser. Kept by hand; src/embed/types/check.ts fails the
 * typecheck when they drift from the component's own.
 */
import type { CSSProperties, JSX } from 'react';

/** What a player's store offers a host through `onReady` (a zustand store). */
export interface PlayerHandle {
  getState(): {
    scenarioId: string;
    /** The narration step on screen (0-based), -1 before the first. */
    stepIndex: number;
    /** Cursor, virtual ms. */
    t: number;
    playing: boolean;
    play(): void;
    pause(): void;
    /** 0-based narration step. */
    goToStep(index: number): void;
    /** Cursor, virtual ms. */
    seek(t: number): void;
    selectScenario(id: string, step?: number): void;
  };
  subscribe(listener: () => void): () => void;
}

export interface LeaderElectionPlayerProps {
  scenario?: string;
  /** 1-based narration step to open at. */
  step?: number;
  /** Cursor in virtual ms (when no step). */
  t?: number;
  seed?: number;
  nodes?: number;
  speed?: number;
  controls?: 'minimal' | 'full' | 'none';
  lang?: 'en' | 'pt' | 'ru';
  theme?: 'light' | 'dark';
  autoplay?: boolean;
  loop?: boolean;
  start?: number;
  end?: number;
  /** Nodes whose statechart is shown beside the cluster: "node-1" or "node-1,node-3". */
  inspect?: string;
  /**
   * URL of a story file (JSON, "storyFile": 1) on the lab's own site, opened in place of `scenario`;
   * relative to the lab. A URL on another site is refused with a message.
   */
  src?: string;
  /** A story link's data (what follows `#story=` in the lab's link), opened in place of `scenario`. */
  story?: string;
  /** Where "Open in Leader Election Lab" goes (the deployed app); no link without it. */
  appUrl?: string;
  className?: string;
  /** Size of the player's box (default 480 px high, the width of its container). */
  style?: CSSProperties;
  /** The player's own store, once it runs (to drive it: play, pause, goToStep, selectScenario). */
  onReady?(store: PlayerHandle): void;
}

export declare function LeaderElectionPlayer(props: LeaderElectionPlayerProps): JSX.Element;
