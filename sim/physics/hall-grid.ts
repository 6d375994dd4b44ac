// The shuffleboard grid as physics (wiring.md, Shuffleboard board): what each
// hall sensor under the table reads, written from the parts' datasheets and
// the table's geometry alone, never from the firmware's model of it. A
// weight's magnet is a dipole (its moment from the grade's remanence and the
// disc's volume); the sensor turns the vertical field at its die into a
// voltage (sensitivity, half the supply with no field, clamped to its output
// range, with its noise); the ADC turns that into 12-bit steps. Every part
// differs from the next within its tolerance: each magnet in strength and in
// height above the sensors, each sensor in sensitivity, height and the offset
// its calibration leaves. The firmware's constants (board.ts: PEAK,
// MAGNET_MM) are fitted to this model (test/shuffleboard-physics.test.ts),
// not shared with it.

/** The weight's magnet: an N42 neodymium disc, 25 mm across and 10 mm thick, axially magnetised. */
export const MAGNET = {
  grade: 'N42',
  diameterMm: 25,
  thicknessMm: 10,
  /** N42's remanence, 1.29-1.32 T by the grade's sheet: its middle. */
  remanenceT: 1.305,
  /** How much one magnet's moment may differ from the nominal, either way (the grade's spread and the disc's size). */
  strengthTolerance: 0.03,
  /** Its centre above the sensors' dies: the 40 mm playfield, the magnet 5 mm into the weight's base, and 5 mm to its centre. */
  heightMm: 50,
  /** Either way, per weight: the pocket's depth and the playfield's thickness. */
  heightToleranceMm: 1,
};

/** The hall sensor: TI DRV5055A1, ratiometric, on the board's 3.3 V supply (the ADC's reference too). */
export const SENSOR = {
  part: 'DRV5055A1',
  supplyV: 3.3,
  /** Its sensitivity at 3.3 V (mV per mT; 100 at 5 V), and how far one part may be from it, either way. */
  sensitivityMvPerMt: 60,
  sensitivityTolerance: 0.05,
  /** Its output with no field, as a fraction of the supply. */
  quiescent: 0.5,
  /** Its output's linear range ends this far from either rail (V): a stronger field reads no farther. */
  headroomV: 0.2,
  /** Its input-referred noise density (nT per root hertz) over its sensing bandwidth (Hz). */
  noiseNtPerRootHz: 130,
  bandwidthHz: 20000,
  /** What the calibration on an empty table leaves of each sensor's quiescent offset, in ADC steps either way. */
  offsetSteps: 1,
  /** Each sensor's die above or below the grid's plane (the board's flatness, the solder), either way (mm). */
  heightToleranceMm: 0.5,
};

/** The nRF52's ADC: 12 bits of the supply, with half a step of its own noise (RMS). */
export const ADC = { steps: 4096, noiseSteps: 0.5 };

/** The permeability of free space (T m / A). */
const MU0 = 4e-7 * Math.PI;

/** A magnet's dipole moment (A m²): its remanence times its volume, over μ0. */
export function momentAm2(remanenceT: number, diameterMm: number, thicknessMm: number): number {
  const volumeM3 = Math.PI * (diameterMm / 2000) ** 2 * (thicknessMm / 1000);
  return (remanenceT * volumeM3) / MU0;
}

/**
 * The vertical field (T) of a dipole of moment m (A m², pointing up: positive
 * towards the magnet below a south pole facing down) at a point dx, dy mm
 * across and dz mm below it: μ0 m (3 dz² / r² - 1) / (4π r³).
 */
export function verticalFieldT(m: number, dx: number, dy: number, dz: number): number {
  const r2 = (dx * dx + dy * dy + dz * dz) / 1e6;
  const r = Math.sqrt(r2);
  return (MU0 * m * ((3 * dz * dz) / 1e6 / r2 - 1)) / (4 * Math.PI * r2 * r);
}

/** A sensor's output as a fraction of the supply for a vertical field b (T), at sensitivity `gain` times the nominal: clamped to its output range. */
export function sensorOutput(b: number, gain: number): number {
  const mT = b * 1000;
  const v = SENSOR.supplyV * SENSOR.quiescent + (SENSOR.sensitivityMvPerMt * gain * mT) / 1000;
  return Math.max(SENSOR.headroomV, Math.min(SENSOR.supplyV - SENSOR.headroomV, v)) / SENSOR.supplyV;
}

/** The RMS noise of a reading, in ADC steps: the sensor's over its bandwidth and the ADC's own. */
export function noiseSteps(): number {
  const sensorV = (SENSOR.noiseNtPerRootHz * 1e-6 * Math.sqrt(SENSOR.bandwidthHz) * SENSOR.sensitivityMvPerMt) / 1000;
  return Math.hypot((sensorV / SENSOR.supplyV) * ADC.steps, ADC.noiseSteps);
}

/** A seeded number in [0, 1) for (a, b, c): the same for the same part, or the same read. */
export function hash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/** A seeded number spread evenly over -1..1. */
function spread(a: number, b: number, c: number): number {
  return hash(a, b, c) * 2 - 1;
}

/** A seeded normal draw (mean 0, deviation 1), by Box-Muller. */
function normal(a: number, b: number, c: number): number {
  const u = Math.max(1e-12, hash(a, b, c));
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * hash(a, b, c ^ 0x5bd1e995));
}

/** A magnet on the table: where its centre is (d from the end edge, y from the left rail, mm), polarity (1 south pole down, -1 north), its moment (A m²) and its centre's height above the grid (mm). */
export interface Magnet {
  d: number;
  y: number;
  pol: number;
  moment: number;
  heightMm: number;
}

/** A sensor: where it sits (mm), its sensitivity as a fraction of the nominal, its die's height off the grid's plane (mm), and its calibrated offset (ADC steps). */
export interface HallSensor {
  d: number;
  y: number;
  gain: number;
  heightMm: number;
  offsetSteps: number;
}

/** Tolerance draws: `scale` 1 spreads every part over its whole tolerance, 0 makes every part nominal. */
export interface Tolerances {
  scale: number;
}

/** Weight number `k` of a board seeded `seed`: its magnet's moment and height, drawn within their tolerances. */
export function magnetOf(seed: number, k: number, tol: Tolerances = { scale: 1 }): { moment: number; heightMm: number } {
  const nominal = momentAm2(MAGNET.remanenceT, MAGNET.diameterMm, MAGNET.thicknessMm);
  return {
    moment: nominal * (1 + tol.scale * MAGNET.strengthTolerance * spread(seed, k, 101)),
    heightMm: MAGNET.heightMm + tol.scale * MAGNET.heightToleranceMm * spread(seed, k, 102),
  };
}

/** Sensor number `ch` at (d, y) of a board seeded `seed`, drawn within its tolerances. */
export function sensorOf(seed: number, ch: number, d: number, y: number, tol: Tolerances = { scale: 1 }): HallSensor {
  return {
    d,
    y,
    gain: 1 + tol.scale * SENSOR.sensitivityTolerance * spread(seed, ch, 201),
    heightMm: tol.scale * SENSOR.heightToleranceMm * spread(seed, ch, 202),
    offsetSteps: tol.scale * SENSOR.offsetSteps * spread(seed, ch, 203),
  };
}

/** noiseSteps, worked out once: a replay reads tens of thousands of sensors a second of play. */
const NOISE_STEPS = noiseSteps();

/**
 * The vertical field (T) that magnet m makes at sensor s's die, wherever it lies: every magnet counts at every
 * sensor. Its field falls off only as the cube of the distance (some 2 ADC steps at 250 mm, a tenth of the noise
 * not before some 630 mm), and the grid is 1.9 m long: a cut-off short of the whole grid would leave out more than
 * the noise, and one past it leaves out nothing.
 */
export function fieldOf(s: HallSensor, m: Magnet): number {
  return m.pol * verticalFieldT(m.moment, m.d - s.d, m.y - s.y, m.heightMm - s.heightMm);
}

/** The vertical field (T) at sensor s's die of `magnets`, added in their order. */
function fieldAt(s: HallSensor, magnets: Magnet[]): number {
  let b = 0;
  for (const m of magnets) b += fieldOf(s, m);
  return b;
}

/** Sensor s's output in field b, in ADC steps (before the read's noise). */
export function stepsIn(s: HallSensor, b: number): number {
  return sensorOutput(b, s.gain) * ADC.steps + s.offsetSteps;
}

/** A reading of x steps: rounded to a whole step, within the ADC's range, as a fraction of the supply. */
function quantised(x: number): number {
  return Math.max(0, Math.min(ADC.steps - 1, Math.round(x))) / ADC.steps;
}

/**
 * What sensor s reads (a fraction of the supply, in whole ADC steps) with
 * `magnets` on the table: their vertical fields added at its die, its output,
 * and the read's noise (drawn from `read`: the same read gives the same
 * reading; `read` null: none).
 */
export function reading(s: HallSensor, magnets: Magnet[], seed: number, ch: number, read: number | null): number {
  return readingIn(s, fieldAt(s, magnets), seed, ch, read);
}

/** What sensor s reads in a vertical field b (T, the magnets' fields added: fieldOf), as `reading`. */
export function readingIn(s: HallSensor, b: number, seed: number, ch: number, read: number | null): number {
  const noise = read === null ? 0 : normal(seed, ch, read) * NOISE_STEPS;
  return quantised(stepsIn(s, b) + noise);
}

/**
 * A draw of the noise's first number u of at least LIKELY (nine in ten draws) makes the normal draw at most
 * NOISE_LIKELY, one of at least RARE (all but one in a thousand) at most NOISE_RARE: Box-Muller's radius,
 * sqrt(-2 ln u), a hair more for rounding.
 */
const LIKELY = 0.1;
const NOISE_LIKELY = Math.sqrt(-2 * Math.log(LIKELY)) * NOISE_STEPS * (1 + 1e-9);
const RARE = 0.001;
const NOISE_RARE = Math.sqrt(-2 * Math.log(RARE)) * NOISE_STEPS * (1 + 1e-9);

/** The most a read's noise can be, either way (ADC steps): normal's radius at its least first draw, 1e-12, a hair more for rounding. */
export const NOISE_MOST = Math.sqrt(-2 * Math.log(1e-12)) * NOISE_STEPS * (1 + 1e-9);

/**
 * The least and the most vertical field (T) magnet m makes at sensor s's die, as fieldOf counts it, while it
 * moves along the straight line from (d0, y0) to (d1, y1), into range[0] and range[1]. Its field depends on its
 * distance across the table ρ alone, μ0 m / 4π (3 dz² - r²) / r⁵, which falls as ρ grows to 2 dz (r² = 5 dz², its
 * least) and rises after: over the distances the line comes to, those at its ends and that least are all there is
 * to look at.
 */
export function fieldRange(s: HallSensor, m: Magnet, d0: number, y0: number, d1: number, y1: number, range: Float64Array): void {
  const a0 = d0 - s.d;
  const b0 = y0 - s.y;
  const a1 = d1 - s.d;
  const b1 = y1 - s.y;
  // (The nearest the line comes, and the farthest, a micrometre either way for the rounding of the places.)
  const ea = a1 - a0;
  const eb = b1 - b0;
  const length2 = ea * ea + eb * eb;
  const u = length2 > 0 ? Math.max(0, Math.min(1, -(a0 * ea + b0 * eb) / length2)) : 0;
  const na = a0 + ea * u;
  const nb = b0 + eb * u;
  const near = Math.max(0, Math.sqrt(na * na + nb * nb) - 1e-3);
  const far = Math.sqrt(Math.max(a0 * a0 + b0 * b0, a1 * a1 + b1 * b1)) + 1e-3;
  const dz = m.heightMm - s.heightMm;
  const atNear = m.pol * verticalFieldT(m.moment, near, 0, dz);
  const atFar = m.pol * verticalFieldT(m.moment, far, 0, dz);
  let lo = Math.min(atNear, atFar);
  let hi = Math.max(atNear, atFar);
  const least = 2 * Math.abs(dz);
  if (near < least && least < far) {
    const atLeast = m.pol * verticalFieldT(m.moment, least, 0, dz);
    lo = Math.min(lo, atLeast);
    hi = Math.max(hi, atLeast);
  }
  // (A hair more, for rounding.)
  const hair = 1e-9 * Math.max(Math.abs(lo), Math.abs(hi)) + 1e-15;
  range[0] = lo - hair;
  range[1] = hi + hair;
}

/**
 * The least and the most that readingIn of the same read can give, into range[0] and range[1], without drawing
 * its noise in full: most reads need no more (a scan asks only whether a reading moved off the one it keeps), and
 * the noise's draw is most of a reading's cost. False when the cheap part of the draw does not bound it (one read
 * in a thousand): ask `reading`.
 */
export function readingRange(s: HallSensor, b: number, seed: number, ch: number, read: number, range: Float64Array): boolean {
  // (normal's first draw, whose radius bounds it.)
  const u = hash(seed, ch, read);
  if (u < RARE) return false;
  const most = u < LIKELY ? NOISE_RARE : NOISE_LIKELY;
  const x = stepsIn(s, b);
  range[0] = quantised(x - most);
  range[1] = quantised(x + most);
  return true;
}
