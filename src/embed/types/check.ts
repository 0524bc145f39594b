/**
 * The package's published types (element.d.ts, react.d.ts) against the code's own: `tsc` fails here
 * when a prop, a method or an event field is added, removed or retyped on one side only.
 */
import type * as Element from '../element.tsx';
import type { PlayerEvent } from '../protocol.ts';
import type * as React from '../react.tsx';
import type * as PublishedElement from './element.d.ts';
import type * as PublishedReact from './react.d.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const yes = <T extends true>(): T => true as T;

type Methods<T> = { [K in keyof T as T[K] extends (...a: never[]) => unknown ? K : never]: T[K] };
// The custom-element lifecycle callbacks are the browser's to call, not a host's.
type Lifecycle = 'connectedCallback' | 'disconnectedCallback' | 'attributeChangedCallback';
type OwnMethods<T> = Omit<Methods<T>, keyof Methods<HTMLElement> | Lifecycle>;

export const checks = [
  yes<Same<PublishedElement.PlayerEventDetail, PlayerEvent>>(),
  yes<
    Same<
      OwnMethods<PublishedElement.LeaderElectionPlayerElement>,
      OwnMethods<Element.LeaderElectionPlayerElement>
    >
  >(),
  yes<Same<typeof PublishedElement.TAG, typeof Element.TAG>>(),
  yes<
    Same<
      Omit<PublishedReact.LeaderElectionPlayerProps, 'onReady'>,
      Omit<React.LeaderElectionPlayerProps, 'onReady'>
    >
  >(),
  // The real store offers at least what the published handle promises.
  yes<
    Parameters<NonNullable<React.LeaderElectionPlayerProps['onReady']>>[0] extends PublishedReact.PlayerHandle
      ? true
      : false
  >(),
];
