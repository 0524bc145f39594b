import { describe, expect, it } from 'vitest';
import {
  boardGroups,
  boardProblem,
  moveChip,
  newBoard,
  setSides,
  sideAt,
  sideMembers,
  stepChip,
  syncHosts,
} from './partitionBoard.ts';

const five = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'];

describe('partition board', () => {
  it('starts with every host on Side A and nothing to apply', () => {
    const b = newBoard(five);
    expect(b.sides).toBe(2);
    expect(sideMembers(b)).toEqual([five, []]);
    expect(boardGroups(b)).toEqual([five]);
    expect(boardProblem(b)).toBe('needTwoSides');
  });

  it('moving two nodes to Side B gives a 3|2 partition in run order', () => {
    let b = newBoard(five);
    b = moveChip(b, 'node-5', 1);
    b = moveChip(b, 'node-4', 1);
    expect(boardGroups(b)).toEqual([
      ['node-1', 'node-2', 'node-3'],
      ['node-4', 'node-5'],
    ]);
    expect(boardProblem(b)).toBeNull();
  });

  it('clamps moves to the sides there are and ignores unknown hosts', () => {
    const b = newBoard(five);
    expect(moveChip(b, 'node-1', 2).sideOf['node-1']).toBe(1);
    expect(moveChip(b, 'node-1', -3)).toBe(b);
    expect(moveChip(b, 'client-1', 1)).toBe(b);
  });

  it('arrow steps stop at the first and the last side', () => {
    let b = setSides(newBoard(five), 3);
    expect(stepChip(b, 'node-2', -1)).toBe(b);
    b = stepChip(b, 'node-2', 1);
    b = stepChip(b, 'node-2', 1);
    expect(b.sideOf['node-2']).toBe(2);
    expect(stepChip(b, 'node-2', 1)).toBe(b);
    expect(stepChip(b, 'node-2', -1).sideOf['node-2']).toBe(1);
  });

  it('three sides: empty sides are left out of the groups; removing Side C folds it into Side B', () => {
    let b = setSides(newBoard([...five, 'etcd']), 3);
    b = moveChip(b, 'etcd', 2);
    expect(boardGroups(b)).toEqual([five, ['etcd']]);
    b = moveChip(b, 'node-1', 1);
    expect(boardGroups(b)).toEqual([['node-2', 'node-3', 'node-4', 'node-5'], ['node-1'], ['etcd']]);
    b = setSides(b, 2);
    expect(sideMembers(b)).toEqual([
      ['node-2', 'node-3', 'node-4', 'node-5'],
      ['node-1', 'etcd'],
    ]);
    expect(setSides(b, 7).sides).toBe(3);
    expect(setSides(b, 1).sides).toBe(2);
  });

  it('a new run keeps the sides of hosts it still has', () => {
    const b = moveChip(newBoard(five), 'node-5', 1);
    expect(syncHosts(b, five)).toBe(b);
    const three = syncHosts(b, ['node-1', 'node-2', 'node-5', 'node-6']);
    expect(sideMembers(three)).toEqual([['node-1', 'node-2', 'node-6'], ['node-5']]);
  });

  it('finds the zone under the pointer, or the nearest one within the slop', () => {
    const zones = [
      { left: 0, top: 0, right: 100, bottom: 50 },
      { left: 110, top: 0, right: 210, bottom: 50 },
    ];
    expect(sideAt(zones, 50, 25)).toBe(0);
    expect(sideAt(zones, 150, 25)).toBe(1);
    expect(sideAt(zones, 107, 25)).toBe(1);
    expect(sideAt(zones, 150, 70)).toBe(1);
    expect(sideAt(zones, 150, 200)).toBeNull();
  });
});
