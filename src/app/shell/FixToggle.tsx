/**
 * "Show the fix": on a pitfall story (a scenario with a `fix` block, scenario/fix.ts), a toggle by the
 * narration bound to the knob `fix`. Pressed, the story runs again with the defence its sources
 * recommend (the link says `fix=on`); the line beside it says what the fix changes. The cursor stays.
 */
import { t } from '../../i18n/index.ts';
import { usePlayer } from '../../player/react.ts';
import type { Run } from '../../player/store.ts';
import { fixChanges, withFixKnob } from '../../sandbox/knobs.ts';
import { FIX_KNOB } from '../../sim/scenario/fix.ts';

export function FixToggle({ run }: { run: Run }) {
  const params = usePlayer((s) => s.params);
  const setParams = usePlayer((s) => s.setParams);
  const imported = usePlayer((s) => s.imported);
  if (!run.scenario.fix || imported) return null;
  const on = params[FIX_KNOB] === true;
  const changes = fixChanges(run.scenario);
  return (
    <div className="fix-toggle">
      <button
        type="button"
        className="button fix-button"
        aria-pressed={on}
        aria-describedby="fix-changes"
        onClick={() => setParams(withFixKnob(run.scenario, params, !on))}
      >
        <span className="fix-check" aria-hidden="true" />
        {t('fix.show')}
      </button>
      <span className="fix-changes" id="fix-changes">
        {t('fix.doc', { changes })}
      </span>
    </div>
  );
}
