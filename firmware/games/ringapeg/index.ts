// Ring-a-Peg: everything the firmware needs to play it.
export { ringapeg, setup, play, totals, SNAP, MRCH, HELD, BAD, CLR, OVER, PHASE_NAMES } from './rules';
export type { RingapegState, RingapegMove } from './rules';
export { ringapegBoard, pegName, pegNames, pegIndex, REFERENCE_LAYOUT } from './board';
export { createRingapegInterpreter } from './interpret';
export { ringapegLayout, ringapegView } from './layout';
export type { RingapegView } from './layout';
