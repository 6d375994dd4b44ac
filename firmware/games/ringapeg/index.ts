// Ring-a-Peg: everything the firmware needs to play it.
export { ringapeg, setup, play, counts, totals, ringsLeft, ringCounts, pegValues, OUTER, INNER, KING } from './rules';
export type { RingapegState, RingapegMove, RingapegPhase } from './rules';
export { ringapegBoard, pegNames, pegIndex, REFERENCE_LAYOUT } from './board';
export { createRingapegInterpreter, RINGAPEG_TIMING } from './interpret';
export type { RingapegTiming } from './interpret';
export { ringapegLayout, ringapegView } from './layout';
export type { RingapegView } from './layout';
