// A dead select line of the shuffleboard grid's multiplexers (docs/diagnostics.md,
// `select`): the readings of tables drawn at random, made by the grid's physics
// (sim/physics/hall-grid.ts: the parts' datasheets, a fresh noise draw at every
// read, as a board's ADC gives), handed to the grid's checks as a throw's frame.
// The oracle is the wiring alone (hal/types.ts: channel c's select lines are its
// bits 0-7): with line k stuck at level L, channel c reads the sensor of c with
// bit k set to L.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analogBankOf } from '../sim/hal';
import { COL0_MM, COLS, PITCH_MM, ROW0_MM, SENSORS, CHANNELS, neighbour } from '../firmware/games/shuffleboard/board';
import { createGridChecks } from '../firmware/games/shuffleboard/checks';
import { throwChecks } from '../firmware/games/shuffleboard/throw-checks';
import { OK, SELECT } from '../firmware/faults';
import { magnetOf, reading, sensorOf } from '../sim/physics/hall-grid';
import type { Magnet } from '../sim/physics/hall-grid';

const SEED = 7;
const sensors = Array.from({ length: SENSORS }, (_, ch) => sensorOf(SEED, ch, ROW0_MM + Math.floor(ch / COLS) * PITCH_MM, COL0_MM + (ch % COLS) * PITCH_MM));
/** A weight's field tells at a sensor read 96 ADC steps or more from half the supply (docs); surely, at either of two reads, from 8 steps more (the reads' noise: some 1.5 steps each). */
const TELLS = (96 + 8) / 4096;
/** Readings with a field, each like its partner's, that make a line dead (docs/diagnostics.md: six). */
const ALIAS_READINGS = 6;

/** A table: weights at rest on the grid's area (d along the table, y across, mm), each red (1) or blue (-1). */
const tables = fc.array(fc.record({ d: fc.integer({ min: 0, max: 1900 }), y: fc.integer({ min: 30, max: 478 }), pol: fc.constantFrom(1, -1) }), { minLength: 1, maxLength: 8 });

/** The checks' findings on one frame of `table` read through the multiplexers with `line` stuck at `level` (line -1: none). */
function findings(table: { d: number; y: number; pol: number }[], line: number, level: number): { told: number[][]; clean: number[] } {
  const magnets: Magnet[] = table.map((w, k) => ({ ...w, ...magnetOf(SEED, k) }));
  let draw = 1;
  const clean = (ch: number) => (ch < SENSORS ? reading(sensors[ch], magnets, SEED, ch, draw++) : 1);
  const through = (ch: number) => {
    const c = line < 0 ? ch : level ? ch | (1 << line) : ch & ~(1 << line);
    return c < CHANNELS ? clean(c) : 0.5;
  };
  const checks = createGridChecks(analogBankOf(through), new Uint8Array(CHANNELS).fill(128));
  const told: number[][] = [];
  checks.check((_ch, fault, l) => told.push([fault, l ?? -1]), undefined, false, 1);
  told.length = 0;
  const frame = new Int16Array(SENSORS);
  for (let ch = 0; ch < SENSORS; ch++) frame[ch] = checks.driver.read(ch) * 4096;
  const throwChecked = throwChecks(checks, neighbour);
  throwChecked.frame(frame);
  while (!throwChecked.step());
  return { told: told.filter((t) => t[0] === SELECT || (t[0] === OK && t[1] >= 0)), clean: Array.from({ length: SENSORS }, (_, ch) => clean(ch)) };
}

describe('shuffleboard: a dead select line of the grid', function () {
  this.timeout(60_000);

  it('a sound grid is never taken for one with a dead select line, whatever lies on the table', () => {
    fc.assert(fc.property(tables, (table) => {
      assert.deepEqual(findings(table, -1, 0).told, []);
    }), { seed: 26, numRuns: 300 });
  });

  it('weights lying on the line between two columns, as a line of weights down the centre of the table, are no dead line 0', () => {
    // (Columns 2m and 2m + 1 lie either side of y = COL0_MM + (2m + 0.5) * PITCH_MM: the centre line is m = 2.)
    fc.assert(fc.property(fc.integer({ min: 0, max: 4 }), fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 8 }), fc.array(fc.constantFrom(1, -1), { minLength: 8, maxLength: 8 }), (m, rows, pols) => {
      const y = COL0_MM + (2 * m + 0.5) * PITCH_MM;
      // (Touching weights lie 59 mm apart or more, centre to centre: one every 60 mm down the line.)
      assert.deepEqual(findings(rows.map((r, k) => ({ d: 20 + 60 * r, y, pol: pols[k] })), -1, 0).told, []);
    }), { seed: 28, numRuns: 100 });
  });

  it('a dead line is found, and named, in the frame of any table that shows it: its channels read their partners\' fields', () => {
    fc.assert(fc.property(tables, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 1 }), (table, line, level) => {
      const { told, clean } = findings(table, line, level);
      // What the wiring shows: the sensors read with a field (not at a rail) whose partner on the line is a grid
      // sensor, on the half the line still selects (each is read twice: itself, and through its partner's channel).
      const bit = 1 << line;
      let shown = 0;
      const pairs = new Set<number>();
      for (let ch = 0; ch < SENSORS; ch++) {
        const p = ch ^ bit;
        if (p < SENSORS && (ch & bit ? 1 : 0) === level && Math.abs(clean[ch] - 0.5) >= TELLS && Math.abs(clean[ch] - 0.5) < 0.45) {
          shown++;
          pairs.add(Math.floor((ch % COLS) / 2));
        }
      }
      // (Another line may be told with it: a weight lying just between two partners on line 0 reads alike at both,
      // and the dead line reads it twice.)
      assert.ok(told.every((t) => t[0] === SELECT) && (told.length === 0 || told.some((t) => t[1] === line)), `line ${line} among those told: ${JSON.stringify(told)}`);
      // (Line 0's partners are neighbours in a row, columns 2m and 2m + 1: a weight on the line between them reads
      // alike at both, so a dead line 0 is told by fields under two such pairs of columns.)
      if (2 * shown >= ALIAS_READINGS && (line || pairs.size >= 2)) assert.ok(told.some((t) => t[1] === line), `${shown} fields read twice, line ${line} not told: ${JSON.stringify(told)}`);
    }), { seed: 27, numRuns: 300 });
  });
});
