/**
 * The app's fetch of the link decoder's chunk. Its own module, imported by the app's entry only: the
 * embed libraries install the decoder statically (EmbedApp.tsx), and an import() of a module their
 * bundle already holds is one rolldown warns about (INEFFECTIVE_DYNAMIC_IMPORT) and cannot split.
 */
import { chunk } from '../boot/lazyChunk.tsx';
import { installDecoder } from './decoder.ts';

/** Fetches the decoder (once; again after a failure, which rejects). */
export const loadDecoder: () => Promise<void> = chunk(() =>
  import('./decode.ts').then((m) => {
    installDecoder(m);
  }),
);
