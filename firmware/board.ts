// A board description: which sensor sits on which raw channel, and what kind
// of sensor it is (the kind picks its debounce defaults). Channel c is bit
// (c & 31) of bank (c >> 5). wiring.md documents each game's board.

/** contact: reed switches and bells, which bounce; hall and ir: clean short transits. */
export type SensorKind = 'contact' | 'hall' | 'ir';

export interface Sensor {
  name: string;
  ch: number;
  kind: SensorKind;
}

export interface BoardDescription {
  /** Raw channels in all banks together. */
  channels: number;
  sensors: Sensor[];
}

/** The channel of a named sensor, or -1. */
export function channelOf(board: BoardDescription, name: string): number {
  for (let i = 0; i < board.sensors.length; i++) {
    if (board.sensors[i].name === name) return board.sensors[i].ch;
  }
  return -1;
}
