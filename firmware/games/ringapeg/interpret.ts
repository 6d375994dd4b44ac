// Turns beam breaks on the pegs' two gates into Ring-a-Peg moves.
// Top then low within a window: a ring came down over the peg (add). Low then
// top: a ring was lifted (lift). A top break with no low one after it: the
// ring bounced off the peg top and counts for nothing. The impact switch with
// no ring landing on a peg around it: the ring missed every peg (miss).
// Only the breaking edge of a beam matters (EDGE level 1, or a TRANSIT).
import { BoardDescription } from '../../board';
import { EDGE, SETTLED, Interpreter, SensorEventKind } from '../../sensing';
import { RingapegMove } from './rules';

export interface RingapegTiming {
  /** Longest time between the two gates of one passage (a slow hand lift), ms. */
  gapMs: number;
  /** How long after the impact a landing on a peg still claims it (a ring that hit a peg top first), ms. */
  missMs: number;
  /** An impact this soon after a landing is that ring's own, ms. */
  landMs: number;
  /** The impact switch bounces: further closures within this time are the same impact, ms. */
  impactHoldMs: number;
  /** A peg's gates are ignored this long after it reported a passage (beam flicker on the ring's edge), ms. */
  pegHoldMs: number;
}

export const RINGAPEG_TIMING: RingapegTiming = { gapMs: 400, missMs: 300, landMs: 500, impactHoldMs: 150, pegHoldMs: 50 };

const NONE = -1;
const IMPACT = -2;

/** The role of each channel: 2p (top gate of peg p), 2p+1 (low gate), IMPACT or NONE; fills `pegs` with the peg names. */
function channelRoles(board: BoardDescription, pegs: string[]): Int16Array {
  const roles = new Int16Array(board.channels);
  for (let c = 0; c < roles.length; c++) roles[c] = NONE;
  for (let i = 0; i < board.sensors.length; i++) {
    const sensor = board.sensors[i];
    if (sensor.name === 'board.impact') { roles[sensor.ch] = IMPACT; continue; }
    const parts = sensor.name.split('.');
    if (parts.length !== 3 || parts[0] !== 'peg' || (parts[2] !== 'top' && parts[2] !== 'low')) continue;
    let peg = pegs.indexOf(parts[1]);
    if (peg < 0) { peg = pegs.length; pegs.push(parts[1]); }
    roles[sensor.ch] = 2 * peg + (parts[2] === 'low' ? 1 : 0);
  }
  return roles;
}

/**
 * Reads the board's sensors by name ('peg.o3.top', 'peg.o3.low', 'board.impact'),
 * pegs indexed in the order they first appear (the layout order for ringapegBoard).
 */
export function createRingapegInterpreter(
  board: BoardDescription,
  emit: (move: RingapegMove) => void,
  timing?: RingapegTiming,
): Interpreter {
  const tm = timing || RINGAPEG_TIMING;
  const pegs: string[] = [];
  const roles = channelRoles(board, pegs);
  const count = pegs.length;
  // Times of a pending first break (-1: none), and the end of each peg's hold.
  const topAt = new Float64Array(count);
  const lowAt = new Float64Array(count);
  const quietUntil = new Float64Array(count);
  for (let p = 0; p < count; p++) { topAt[p] = -1; lowAt[p] = -1; quietUntil[p] = -1; }
  let impactAt = -1;
  let impactQuietUntil = -1;
  let landedAt = -1e9;
  // Nothing pending before this time: tick() returns at once.
  let due = Infinity;

  function wake(at: number): void {
    if (at < due) due = at;
  }

  function passage(p: number, low: boolean, t: number): void {
    if (t < quietUntil[p]) return;
    const other = low ? topAt[p] : lowAt[p];
    if (other >= 0 && t - other <= tm.gapMs) {
      topAt[p] = -1;
      lowAt[p] = -1;
      quietUntil[p] = t + tm.pegHoldMs;
      if (low) {
        landedAt = t;
        impactAt = -1;
        emit({ k: 'add', p: p });
      } else {
        emit({ k: 'lift', p: p });
      }
      return;
    }
    if (low) lowAt[p] = t;
    else topAt[p] = t;
    wake(t + tm.gapMs + 1);
  }

  function impact(t: number): void {
    if (t < impactQuietUntil) return;
    impactQuietUntil = t + tm.impactHoldMs;
    if (t - landedAt <= tm.landMs) return;
    impactAt = t;
    wake(t + tm.missMs + 1);
  }

  return {
    sense: function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      if (kind === SETTLED || (kind === EDGE && level === 0) || ch < 0 || ch >= roles.length) return;
      const role = roles[ch];
      if (role === IMPACT) impact(t);
      else if (role >= 0) passage(role >> 1, (role & 1) === 1, t);
    },
    tick: function (t: number): void {
      if (t < due) return;
      due = Infinity;
      for (let p = 0; p < count; p++) {
        // A first break never followed by the other gate: a bounce off the top, or a flicker.
        if (topAt[p] >= 0) {
          if (t - topAt[p] > tm.gapMs) topAt[p] = -1;
          else wake(topAt[p] + tm.gapMs + 1);
        }
        if (lowAt[p] >= 0) {
          if (t - lowAt[p] > tm.gapMs) lowAt[p] = -1;
          else wake(lowAt[p] + tm.gapMs + 1);
        }
      }
      if (impactAt >= 0) {
        if (t - impactAt > tm.missMs) {
          impactAt = -1;
          emit({ k: 'miss' });
        } else wake(impactAt + tm.missMs + 1);
      }
    },
  };
}
