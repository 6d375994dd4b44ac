// A board description: which sensor sits on which raw channel, what kind of
// sensor it is (the kind picks its debounce defaults), and the banks that read
// them, as data: the boot (app/espruino.ts) builds the banks from it, the
// simulator reads the same. Channel c is bit (c & 31) of bank (c >> 5).
// wiring.md documents each game's board.
import type { BankOptions } from '../hal/types';
import { ON_DEVICE } from './device';

/** contact: reed switches and bells, which bounce; hall and ir: clean short transits. */
export type SensorKind = 'contact' | 'hall' | 'ir';

export interface Sensor {
  name: string;
  ch: number;
  kind: SensorKind;
  /** It rightly stays active between moves (a ball on its spot, colours down): the fault check never takes it as stuck. */
  holds?: boolean;
}

export interface BoardDescription {
  /** Raw digital channels in all banks together: what the scanner reads (an analog bank's channels are its own, and the interpreter's). */
  channels: number;
  sensors: Sensor[];
  /**
   * The sensor on channel `ch` (undefined where none), made when asked: a
   * board of many sensors gives it, so that the chip never makes the whole
   * list (96 sensors' objects take some 970 JsVars). The firmware reads a
   * board through sensorAt. A board without digital channels names its
   * analog bank's sensors by their channels instead (fault reports).
   * `unnamed`: its name may be left empty, for a caller that reads no name
   * (diagnostics' walk test, which asks for every channel's: fortification
   * billiards' 96 names made each time held its start some 75 ms more).
   */
  sensor?(ch: number, unnamed?: 1): Sensor | undefined;
  /**
   * The banks, each its driver's options (hal/types.ts), in order: the k-th
   * bank they make reads channels 32k to 32k + 31 (a chain makes one bank per
   * 4 chips, the others one each). Nothing on them latches. Every game's
   * board has them; boards made for tests may leave them out.
   */
  banks?: BankOptions[];
  /**
   * Sensors that see one thing together: the channels below together[0] come in groups of together[1] (a
   * fortress mouth's four switches tell a ball's side and class), and the first together[3] groups also have
   * channel together[2] + their index (a fort's bell tells a taking from a ball forced in). One out of service
   * takes its group out (firmware/faults.ts): what part of a group saw would be misread.
   */
  together?: number[];
}

/**
 * The reference board's fixed wiring, the same for every game (wiring.md),
 * as GPIO numbers: the buttons `next` and `mode` to 3V3 (internal
 * pull-downs), and the MAX7219 display chain (DIN, CLK, LOAD) with
 * its module count (6 players' scores, or 4 and a label). The boot wires
 * these; the simulator reads them too. One level deep, so that the minifier
 * makes plain numbers of it in a bundle.
 */
export const REFERENCE_BOARD = {
  next: 28,
  mode: 29,
  displayDin: 25,
  displayClk: 26,
  displayLoad: 27,
  displayModules: 3,
  /** The wake line (wiring.md, Resting when idle): a resting board's ticks speed up at a rising edge. */
  wake: 24,
};

/** The board's buttons by name, and `both`: the two pressed together (a press of its own, hal/types.ts Buttons). */
export const BUTTON_NAMES = ['next', 'mode', 'both'];

/**
 * The sensor on channel `ch`, or undefined: how the firmware reads a board,
 * one channel at a time (the board's `sensor` where it has one, else from
 * its list).
 */
export function sensorAt(board: BoardDescription, ch: number): Sensor | undefined {
  if (board.sensor) return board.sensor(ch);
  const sensors = board.sensors;
  for (let i = 0; i < sensors.length; i++) if (sensors[i].ch === ch) return sensors[i];
  return undefined;
}

/**
 * The sensors' names by channel (no entry where no sensor is), the one
 * lookup between names and channels for the simulator and tests:
 * `sensorNames(board)[ch]`, and `sensorNames(board).indexOf(name)` for a
 * name's channel (-1: none). Made when asked, not kept: a board may make its
 * sensor list at each read.
 */
export function sensorNames(board: BoardDescription): string[] {
  const names: string[] = [];
  const sensors = board.sensors;
  for (let i = 0; i < sensors.length; i++) names[sensors[i].ch] = sensors[i].name;
  return names;
}

/**
 * `board`, which makes a channel's sensor when asked (its `sensor`), with its
 * list as well: `sensors`, made at each read, for the simulator and tests.
 * The chip reads a board one channel at a time (sensorAt), so a board's
 * bundle carries no list.
 */
export function withSensorList(board: Omit<BoardDescription, 'sensors'>): BoardDescription {
  if (ON_DEVICE) return board as BoardDescription;
  return Object.assign({
    get sensors(): Sensor[] {
      const list: Sensor[] = [];
      for (let ch = 0; ch < board.channels; ch++) {
        const sensor = board.sensor!(ch);
        if (sensor) list.push(sensor);
      }
      return list;
    },
  }, board);
}
