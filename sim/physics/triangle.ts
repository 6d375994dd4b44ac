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
  /**
   * A chip that drifts across its lane (a spun chip curls): its centre rests `sideMm` off the slits' line (the lane's
   * middle), coming in at `driftDeg` to the lane (positive: away from the slits' line, negative: towards it). Its
   * path is the parabola from its start spot's middle that ends so; 0 and 0 (or neither) run on the slits' line.
   */
  sideMm?: number;
  driftDeg?: number;
}

/** Where a chip lies after a flick: leading edge `stopMm` from the line of the angle `side` was flicked towards, its centre `sideMm` off the slits' line. */
export interface ChipRest {
  side: number;
  stopMm: number;
  sideMm?: number;
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

/** Half the width of a sensing point's slit across the lane (wiring.md: 6 mm, at the lane's middle). */
const SLIT_HALF_MM = 3;

/**
 * Whether a chip (a disc) whose leading edge is at `leadingMm` along the lane, its centre `sideMm` off the slits'
 * line, lies over any part of the slit at `pointMm`: the nearest point of the slit within the chip's radius.
 */
function coversAt(leadingMm: number, sideMm: number, pointMm: number): boolean {
  const along = pointMm - (leadingMm - CHIP_MM / 2);
  const across = Math.max(0, Math.abs(sideMm) - SLIT_HALF_MM);
  return along * along + across * across <= (CHIP_MM / 2) * (CHIP_MM / 2);
}

/**
 * The target points' level changes of a chip drifting across its lane (FlickAction.sideMm): its path from x0 (the
 * leading edge along the lane) to `stop` is a parabola across the lane, from the slits' line at the start spot to
 * `sideMm` off it, at `driftDeg` there; it slides along that path (its arc length) braking at `a` from the flick at
 * `tFlick`. Walked in 0.05 mm steps.
 */
function driftingChanges(stop: number, x0: number, sideMm: number, driftDeg: number, a: number, tFlick: number, chs: number[]): LevelChange[] {
  const span = stop - x0;
  const slope = Math.tan(driftDeg * Math.PI / 180) * (sideMm < 0 ? -1 : 1);
  const b = (slope * span - sideMm) / (span * span);
  const lateral = (x: number): number => (slope - 2 * b * span) * (x - x0) + b * (x - x0) * (x - x0);
  const steps = Math.ceil(span / 0.05);
  const dx = span / steps;
  const arc = [0];
  for (let i = 1; i <= steps; i++) arc.push(arc[i - 1] + Math.hypot(dx, lateral(x0 + i * dx) - lateral(x0 + (i - 1) * dx)));
  const v0 = Math.sqrt(2 * a * arc[steps]);
  const out: LevelChange[] = [];
  const on = TARGET_POINTS.map(() => false);
  for (let i = 0; i <= steps; i++) {
    const x = x0 + i * dx;
    for (let k = 0; k < 3; k++) {
      const now = coversAt(x, lateral(x), TARGET_POINTS[k]);
      if (now !== on[k]) out.push({ t: tFlick + Math.max(1, Math.round(timeToTravel(v0, a, arc[i]))), ch: chs[k], level: now ? 1 : 0 });
      on[k] = now;
    }
  }
  return out;
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
      if (coversAt(previous.stopMm, previous.sideMm || 0, TARGET_POINTS[i])) out.push({ t: t0, ch: channel(angle, TARGET_ROLES[i]), level: 0 });
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
  if (action.sideMm || action.driftDeg) {
    out.push(...driftingChanges(stop, x0, action.sideMm || 0, action.driftDeg || 0, a, tFlick, TARGET_ROLES.map((r) => channel(target, r))));
    return out.sort((x, y) => x.t - y.t);
  }
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
    this.rest = action.off ? null : { side: side, stopMm: action.stopMm === undefined ? 0 : action.stopMm, sideMm: action.sideMm };
    return changes;
  }
}
