import { createRoot, type Root } from 'react-dom/client';
import { isLocale, setLocale } from '../i18n/index.ts';
import { installSimulator } from '../player/simulator.ts';
import { stepsOf } from '../player/steps.ts';
import type { PlayerStore } from '../player/store.ts';
import { hostIdsOf, simulate } from '../sim/simulate.ts';
import { PLAYER_ATTRIBUTES, type PlayerAttribute, searchFromAttributes } from './attributes.ts';
import type { EmbedController } from './controller.ts';
import { PlayerRoot } from './PlayerRoot.tsx';
import { type EventType, eventOf } from './protocol.ts';
import { playerShadow } from './shadow.ts';

// The element is one self-contained module: each player simulates its first run at once, on its page.
installSimulator({ simulate, hostIdsOf });

export const TAG = 'leader-election-player';

/**
 * HTMLElement where there is one. Node has none, and a docs site that imports the package while it
 * builds (Docusaurus, Next.js server rendering) must not throw there: the class is then defined over
 * an empty base and never registered. In a browser this is HTMLElement itself.
 */
const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/** Attributes that only restyle the player; any other change starts a fresh player. */
const LOOK: ReadonlySet<string> = new Set(['theme', 'lang']);

/**
 * `<leader-election-player scenario="fencing-token" step="3" controls="full" lang="pt" theme="dark"
 * autoplay loop>`: one independent player (its own store) in a shadow root. Attributes are observed.
 * Events (bubbling CustomEvents, detail as in the postMessage protocol): `ready`, `step`, `ended`.
 * Methods: play(), pause(), seek(step) (1-based), select(scenarioId).
 * `app-url` sets where "Open in Leader Election Lab" goes (default: the app beside this script).
 */
export class LeaderElectionPlayerElement extends ElementBase {
  static observedAttributes = [...PLAYER_ATTRIBUTES, 'app-url'];

  #root: Root | null = null;
  #store: PlayerStore | null = null;
  #unsubscribe: (() => void) | null = null;
  #pending = false;
  #generation = 0;

  connectedCallback(): void {
    const { mount } = playerShadow(this);
    this.#root ??= createRoot(mount);
    this.#render();
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#root?.unmount();
    this.#root = null;
    this.#store = null;
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after) return;
    if (name === 'theme') this.#applyTheme();
    // The language is one per page (i18n is global): the last element to set it wins.
    if (name === 'lang' && this.#root && after && isLocale(after)) setLocale(after);
    if (!this.#root || this.#pending) return;
    // Several attributes set one after the other become one render.
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      if (!LOOK.has(name)) this.#generation++;
      this.#render();
    });
  }

  play(): void {
    this.#store?.getState().play();
  }

  pause(): void {
    this.#store?.getState().pause();
  }

  /** Goes to a 1-based narration step (ignored when it is not one of the run's). */
  seek(step: number): void {
    const s = this.#store?.getState();
    const count = s?.run ? stepsOf(s.run).length : 0;
    if (s && Number.isInteger(step) && step >= 1 && step <= count) s.goToStep(step - 1);
  }

  select(scenarioId: string): void {
    this.setAttribute('scenario', scenarioId);
  }

  /** The theme is the element's own (`data-theme` on it), not the page's. */
  #applyTheme(): void {
    const theme = this.getAttribute('theme');
    if (theme === 'light' || theme === 'dark') this.dataset.theme = theme;
    else delete this.dataset.theme;
  }

  #render(): void {
    this.#applyTheme();
    const search = searchFromAttributes((n: PlayerAttribute) => this.getAttribute(n));
    const appUrl = this.getAttribute('app-url') ?? defaultAppUrl();
    // A new key (a run attribute changed) boots a fresh player; lang and theme keep it.
    const runKey = `${this.#generation}`;
    this.#root?.render(
      <PlayerRoot
        key={runKey}
        search={search}
        appUrl={appUrl}
        host={this}
        onReady={(store, c) => this.#connect(store, c)}
      />,
    );
  }

  #connect(store: PlayerStore, controller: EmbedController): void {
    this.#unsubscribe?.();
    this.#store = store;
    const emit = (type: EventType) => {
      const s = store.getState();
      const detail = eventOf(type, {
        scenarioId: s.scenarioId,
        stepIndex: s.stepIndex,
        stepCount: s.run ? stepsOf(s.run).length : 0,
        t: s.t,
        playing: s.playing,
      });
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
    };
    let shown = store.getState().stepIndex;
    const off = store.subscribe((s) => {
      if (s.stepIndex === shown) return;
      shown = s.stepIndex;
      emit('step');
    });
    const offEnded = controller.onEnded(() => emit('ended'));
    this.#unsubscribe = () => {
      off();
      offEnded();
    };
    emit('ready');
  }
}

/** The full app next to the library file (dist/embed/x.js -> dist/). */
function defaultAppUrl(): string {
  return new URL(/* @vite-ignore */ '../', import.meta.url).href;
}

/**
 * Registers the element once (a second copy of the script on a page is harmless); without a custom
 * element registry (Node) there is nothing to register.
 */
export function defineLeaderElectionPlayer(tag: string = TAG): void {
  if (typeof customElements === 'undefined') return;
  if (!customElements.get(tag)) customElements.define(tag, LeaderElectionPlayerElement);
}
