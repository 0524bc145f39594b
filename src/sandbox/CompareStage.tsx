import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { FIX_KNOB } from '../sim/scenario/fix.ts';
import { DRAW } from './branch.ts';
import { CompareView, faultSideText, settingText, useCompare } from './CompareView.tsx';
import { WITHOUT } from './variants.ts';

/**
 * The stage's two Compare pieces, a chunk of their own (App loads it only while comparing): the tag
 * over the main picture and the second run beside it.
 */
export function CompareTag({ run }: { run: Run }) {
  const spec = usePlayer((s) => s.compare);
  if (!spec) return null;
  const text = t('compare.thisRun', {
    what:
      spec.name === WITHOUT
        ? faultSideText(run, Number(spec.value), 'this')
        : spec.name === DRAW
          ? t('compare.drawPicked', { n: Number(spec.value) })
          : settingText(run, {
              name: spec.name,
              // The fix knob is absent from a run without it: off.
              value: run.trace.params[spec.name] ?? (spec.name === FIX_KNOB ? false : spec.value),
            }),
  });
  return (
    <h3 className="compare-tag" title={text}>
      {text}
    </h3>
  );
}

export function ComparePane({ run, time }: { run: Run; time: number }) {
  const compared = useCompare(run);
  if (compared === 'pending')
    return (
      <section className="compare-run" aria-label={t('compare.region')} aria-busy="true">
        <p className="wi-muted" role="status">
          {t('compare.simulating')}
        </p>
      </section>
    );
  return compared ? <CompareView run={run} result={compared} time={time} /> : null;
}
