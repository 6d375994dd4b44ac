// What a real chip does to the triangle's sensors. The player lifts the
// previous chip, places it on the start spot of the side to flick along, and
// flicks; the chip slides with constant friction (deceleration) and stops with
// its leading edge `stopMm` from the target line. A sensing point is covered
// while the chip lies over it: briefly while the chip slides past, for good
// where it rests. Outputs clean levels; the simulator adds IR noise on top.
import { BoardDescription } from '../../firmware/board';
import {
  CHIP_MM, SIDE_MM, EVEN_AT_MM, OVER_AT_MM, BEYOND_AT_MM, START_AT_MM,
  ROLE_START, ROLE_EVEN, ROLE_OVER, ROLE_BEYOND, triangleBoard,
} from '../../firmware/games/triangle/board';
import { LevelChange } from './types';

export interface FlickAction {
  stopMm?: number;
  off?: boolean;
}

/** Where a chip lies after a flick: leading edge `stopMm` from the line of the angle `side` was flicked towards. */
export interface ChipRest {
  side: number;
  stopMm: number;
}

/** Lift the previous chip at t0, place it at +PLACE_MS, flick at +FLICK_MS. */
export const PLACE_MS = 200;
export const FLICK_MS = 700;
/** Braking of a chip on a table (about μ 0.3), ±15 % from the rng flick to flick. */
export const DECELERATION_MM_S2 = 3000;

const TARGET_POINTS = [EVEN_AT_MM, OVER_AT_MM, BEYOND_AT_MM];
const TARGET_ROLES = [ROLE_EVEN, ROLE_OVER, ROLE_BEYOND];
/** The start spot, in the travel coordinate (from the target line): the chip starts with its leading edge at -SIDE_MM. */
const START_POINT = -SIDE_MM + START_AT_MM;

/** `board`'s channel of each triangle sensor, by angle * 4 + role, found by the sensor's name. */
function channels(board: BoardDescription): number[] {
  const sensors = board.sensors; // read once: the triangle board makes its list at each read
  return triangleBoard.sensors.map((own) => {
    const found = sensors.find((s) => s.name === own.name);
    if (!found) throw new Error('board has no sensor ' + own.name);
    return found.ch;
  });
}

function covers(leadingMm: number, pointMm: number): boolean {
  return leadingMm - CHIP_MM <= pointMm && pointMm <= leadingMm;
}

/**
 * The level changes of one flick along side `side` (0 A→B, 1 B→C, 2 C→A),
 * after lifting the chip from `previous` (where the last flick left it, if on
 * the board). `rng` in [0, 1) varies the friction, never where the chip stops.
 */
export function flick(
  board: BoardDescription, action: FlickAction, t0: number, side: number,
  previous?: ChipRest | null, rng?: () => number,
): LevelChange[] {
  const out: LevelChange[] = [];
  const chs = channels(board);
  const channel = (angle: number, role: number): number => chs[angle * 4 + role];
  if (previous) {
    const angle = (previous.side + 1) % 3;
    for (let i = 0; i < 3; i++) {
      if (covers(previous.stopMm, TARGET_POINTS[i])) out.push({ t: t0, ch: channel(angle, TARGET_ROLES[i]), level: 0 });
    }
  }
  const startCh = channel(side, ROLE_START);
  out.push({ t: t0 + PLACE_MS, ch: startCh, level: 1 });
  const tFlick = t0 + FLICK_MS;
  const a = DECELERATION_MM_S2 * (0.85 + 0.3 * (rng ? rng() : 0.5)) / 1e6; // mm/ms²
  const x0 = -SIDE_MM;
  if (action.off) {
    // It veers off the side: seen leaving the start spot, then by nothing.
    const v0 = Math.sqrt(2 * a * SIDE_MM);
    out.push({ t: tFlick + Math.max(1, Math.round(timeToTravel(v0, a, START_POINT + CHIP_MM - x0))), ch: startCh, level: 0 });
    return out;
  }
  const stop = action.stopMm === undefined ? 0 : action.stopMm;
  const distance = stop - x0;
  const v0 = Math.sqrt(2 * a * Math.max(distance, 0));
  const at = (x: number): number => tFlick + Math.max(1, Math.round(timeToTravel(v0, a, x - x0)));
  // The start spot is covered when the flick begins; it clears once the trailing edge passes it.
  if (!covers(stop, START_POINT)) out.push({ t: at(START_POINT + CHIP_MM), ch: startCh, level: 0 });
  const target = (side + 1) % 3;
  for (let i = 0; i < 3; i++) {
    const p = TARGET_POINTS[i];
    const ch = channel(target, TARGET_ROLES[i]);
    if (stop < p) continue; // never reached
    const tOn = at(p);
    out.push({ t: tOn, ch: ch, level: 1 });
    if (stop > p + CHIP_MM) out.push({ t: Math.max(tOn + 1, at(p + CHIP_MM)), ch: ch, level: 0 });
  }
  out.sort((x, y) => x.t - y.t);
  return out;
}

/** ms for a chip starting at v0 (mm/ms), braking at a, to cover s mm (capped at where it stops). */
function timeToTravel(v0: number, a: number, s: number): number {
  const rest = v0 * v0 - 2 * a * s;
  return (v0 - Math.sqrt(rest > 0 ? rest : 0)) / a;
}

/** Remembers where the chip lies between flicks. The simulator gives the side from the game state (`state.f`). */
export class TrianglePhysics {
  rest: ChipRest | null = null;
  constructor(private board: BoardDescription) {}

  flick(action: FlickAction, t0: number, side: number, rng?: () => number): LevelChange[] {
    const changes = flick(this.board, action, t0, side, this.rest, rng);
    this.rest = action.off ? null : { side: side, stopMm: action.stopMm === undefined ? 0 : action.stopMm };
    return changes;
  }
}
