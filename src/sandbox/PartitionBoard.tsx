import {
  type KeyboardEvent,
  type PointerEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { budgetRefusal } from '../app/challenge/challengeRun.ts';
import { t } from '../i18n/index.ts';
import { usePlayer } from '../player/react.ts';
import type { Run } from '../player/store.ts';
import { formatTime } from '../views/format.ts';
import {
  type Board,
  boardGroups,
  boardProblem,
  MAX_SIDES,
  MIN_SIDES,
  moveChip,
  newBoard,
  setSides,
  sideAt,
  sideMembers,
  syncHosts,
} from './partitionBoard.ts';

const LETTERS = ['A', 'B', 'C'];
/** Pointer travel (px) before a press becomes a drag, so a tap or a click does not move anything. */
const DRAG_START_PX = 4;

const sideName = (i: number) => t('board.side', { letter: LETTERS[i] ?? String(i + 1) });

interface Drag {
  host: string;
  pointerId: number;
  x0: number;
  y0: number;
  moved: boolean;
}

/**
 * Partition by hand: the run's nodes and store as chips on two or three sides. Chips move with
 * pointer events (mouse, pen and touch alike; HTML5 drag-and-drop does not work on touch) or with
 * Left / Right arrow keys; the partition of the non-empty sides is applied at the cursor.
 */
export function PartitionBoard({ run }: { run: Run }) {
  const cursor = usePlayer((s) => s.t);
  const add = usePlayer((s) => s.addIntervention);
  const interventions = usePlayer((s) => s.interventions);
  // A challenge's budget (app/challenge): no partition once its kind or the total is spent.
  const refused = budgetRefusal(run.scenario, interventions, { kind: 'partition', groups: [[], []] });
  const hosts = useMemo(
    () => run.trace.hosts.filter((h) => h.kind === 'node' || h.kind === 'store'),
    [run.trace.hosts],
  );
  const ids = useMemo(() => hosts.map((h) => h.id), [hosts]);
  const [saved, setSaved] = useState<Board>(() => newBoard(ids));
  // Another run (scenario, cluster size): the hosts it still has keep their side.
  const board = syncHosts(saved, ids);
  const [announce, setAnnounce] = useState('');
  const [over, setOver] = useState<number | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  const drag = useRef<Drag | null>(null);
  const zones = useRef<Array<HTMLFieldSetElement | null>>([]);
  const chips = useRef(new Map<string, HTMLButtonElement>());
  const howToId = useId();
  const problemId = useId();

  // A moved chip is drawn in another side's list (a new element): give it the focus back.
  useLayoutEffect(() => {
    if (refocus === null) return;
    chips.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const place = (host: string, side: number) => {
    const next = moveChip(board, host, side);
    if (next === board) return;
    setSaved(next);
    setAnnounce(t('board.moved', { host, side: sideName(next.sideOf[host] ?? 0) }));
    setRefocus(host);
  };

  const zoneAt = (x: number, y: number): number | null =>
    sideAt(
      zones.current
        .slice(0, board.sides)
        .map((el) => el?.getBoundingClientRect() ?? new DOMRect(-1e6, -1e6, 0, 0)),
      x,
      y,
    );

  const endDrag = (el: HTMLElement) => {
    el.style.transform = '';
    drag.current = null;
    setDragging(null);
    setOver(null);
  };

  const onPointerDown = (host: string) => (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || drag.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { host, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_START_PX) return;
    if (!d.moved) {
      d.moved = true;
      setDragging(d.host);
    }
    e.currentTarget.style.transform = `translate(${dx}px, ${dy}px)`;
    setOver(zoneAt(e.clientX, e.clientY));
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const side = d.moved ? zoneAt(e.clientX, e.clientY) : null;
    endDrag(e.currentTarget);
    if (side !== null) place(d.host, side);
  };
  const onPointerCancel = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId === e.pointerId) endDrag(e.currentTarget);
  };
  const onKeyDown = (host: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    place(host, (board.sideOf[host] ?? 0) + (e.key === 'ArrowLeft' ? -1 : 1));
  };

  const kindOf = new Map(hosts.map((h) => [h.id, h.kind]));
  const members = sideMembers(board);
  const problem = boardProblem(board);
  const three = board.sides === MAX_SIDES;

  return (
    <div className="pb">
      <div className={`pb-sides${three ? ' three' : ''}`}>
        {members.map((list, i) => (
          <fieldset
            // Sides are positions: index keys are their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            ref={(el) => {
              zones.current[i] = el;
            }}
            className={`pb-zone${over === i ? ' over' : ''}`}
          >
            <legend className="pb-zone-h">
              <span>{sideName(i)}</span>
              <span className="pb-count mono" aria-hidden="true">
                {list.length}
              </span>
            </legend>
            <div className="pb-chips">
              {list.map((h) => (
                <button
                  key={h}
                  ref={(el) => {
                    if (el) chips.current.set(h, el);
                    else chips.current.delete(h);
                  }}
                  type="button"
                  className={`pb-chip mono${kindOf.get(h) === 'store' ? ' store' : ''}${dragging === h ? ' dragging' : ''}`}
                  aria-label={t('board.chip', { host: h, side: sideName(i) })}
                  aria-describedby={howToId}
                  data-host={h}
                  onPointerDown={onPointerDown(h)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={onPointerCancel}
                  onKeyDown={onKeyDown(h)}
                >
                  {h}
                </button>
              ))}
              {list.length === 0 && (
                <span className="pb-drop" aria-hidden="true">
                  {t('board.drop')}
                </span>
              )}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="wi-buttons pb-actions">
        <button
          type="button"
          className="button small"
          disabled={problem !== null || refused !== null}
          title={refused ?? undefined}
          aria-describedby={problem !== null ? problemId : undefined}
          onClick={() =>
            add({ atMs: Math.round(cursor), fault: { kind: 'partition', groups: boardGroups(board) } })
          }
        >
          {t('board.apply', { t: formatTime(cursor, run.trace.durationMs) })}
        </button>
        <button
          type="button"
          className="button small"
          onClick={() => setSaved(setSides(board, three ? MIN_SIDES : MAX_SIDES))}
        >
          {t(three ? 'board.removeSide' : 'board.addSide')}
        </button>
        <button
          type="button"
          className="button small"
          disabled={members.every((m, i) => i === 0 || m.length === 0)}
          onClick={() => setSaved({ ...newBoard(ids), sides: board.sides })}
        >
          {t('board.reset')}
        </button>
      </div>
      {problem !== null && (
        <p className="wi-muted pb-line" id={problemId}>
          {t('board.needTwo')}
        </p>
      )}
      <p className="wi-muted pb-line" id={howToId}>
        {t('board.howTo')}
      </p>
      <p className="wi-muted pb-line">{t('board.unlisted')}</p>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
