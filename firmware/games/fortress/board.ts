// The fortification billiards board (wiring.md, "Fortification billiards
// board"): every ball carries twelve small magnets, all with the same pole
// outwards (north for the English balls, south for the French), strong ones
// in the attacking balls and weak ones in the defending balls. Each mouth (a
// fort's, a pocket's, the pass) has four digital hall switches under it: one
// for each pole at a low and at a high operate point, so the switches a ball
// trips tell its side (the pole) and its class (the strength). A contact on
// each fort's bell, a reed switch under each set of colours (closed when the
// colours are down) and a hall switch under each ball's spot complete it.
import type { BoardDescription, Sensor } from '../../board';
import { withSensorList } from '../../board';
import type { BankOptions } from '../../../hal/types';

/** The names in a list of names with a space between (the lists below: strings cost the chip less than arrays). */
export const namesOf = (list: string): string[] => list.split(' ');

/** The balls, in the order of their spots' channels: side, then A (attacking) or D1, D2 (defending). */
export const BALLS = 'EA ED1 ED2 FA FD1 FD2';
/** The colours, in the order of their channels: each fort's (the rules' fort order: the forts' names), then both sides' pass colours. */
export const COLOURS = 'EA1 EA2 ER1 ER2 EG FA1 FA2 FR1 FR2 FG EP FP';
/** Mouths, and the forts among them (the first ones). */
export const MOUTH_COUNT = 17;
export const FORT_COUNT = 10;
/** The pockets' mouths start here; the pass is the last. */
export const POCKET0 = 10;
export const PASS = 16;

/** Channels: mouth m's four switches are 4m to 4m + 3 (north low, north high, south low, south high), then the bells, colours and spots. */
export const BELL0 = 4 * MOUTH_COUNT;
export const COLOURS0 = BELL0 + FORT_COUNT;
export const SPOT0 = COLOURS0 + 12;
const CHANNELS = SPOT0 + 6;

/** A switch's name at a mouth, by its channel's place in the mouth's four. */
const SWITCHES = 'n.lo n.hi s.lo s.hi';

/**
 * The name of channel ch's sensor. A function apart from the board's `sensor`: the interpreter reads the whole text of
 * a function it calls, and diagnostics' walk test asks for each of the 96 channels' sensors, unnamed (with the names
 * written in `sensor`, reading past them was most of diagnostics' start: docs/budgets.md).
 */
function sensorName(ch: number): string {
  // The mouth of a mouth's switch or of a bell, in the order of their channels: the ten forts (named as their
  // colours), pocket1 to pocket6, the pass.
  const m = ch < BELL0 ? ch >> 2 : ch - BELL0;
  const mouth = m < POCKET0 ? namesOf(COLOURS)[m] : m < PASS ? 'pocket' + (m - POCKET0 + 1) : 'pass';
  return ch < BELL0 ? 'mouth.' + mouth + '.' + namesOf(SWITCHES)[ch & 3]
    : ch < COLOURS0 ? 'bell.' + mouth
      : ch < SPOT0 ? 'colours.' + namesOf(COLOURS)[ch - COLOURS0]
        : 'spot.' + namesOf(BALLS)[ch - SPOT0];
}

/**
 * 96 channels on a chain of twelve 74HC165s (three banks): SH/LD on D14, CLK
 * on D15, the chain's QH on D16. Every sensor pulls its input low when active
 * (open-drain hall switches, a bell or reed contact to GND, 10 kΩ pull-ups),
 * so every bit is inverted. A channel's sensor is made when asked (`sensor`,
 * what the firmware reads): 96 sensor objects at once would take the chip
 * some 970 JsVars.
 */
export const fortressBoard: BoardDescription = withSensorList({
  channels: CHANNELS,
  // A mouth's four switches tell its ball together, and a fort's bell whether it was taken.
  together: [BELL0, 4, BELL0, FORT_COUNT],
  sensor: function (ch: number, unnamed?: 1): Sensor | undefined {
    if (!(ch >= 0 && ch < CHANNELS)) return undefined;
    // Spots and colours hold a state (a ball resting on its spot, colours down) as long as the game wants.
    return { name: unnamed ? '' : /*@__NOINLINE__*/ sensorName(ch), ch: ch, kind: ch < BELL0 || ch >= SPOT0 ? 'hall' : 'contact', holds: ch >= COLOURS0 };
  },
  get banks(): BankOptions[] {
    return [{ kind: 'chain', loadPin: 14, sck: 15, miso: 16, chips: 12, invert: -1 }];
  },
});
