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

/**
 * The sensors' names by channel (no entry where no sensor is), the one
 * lookup between names and channels: `sensorNames(board)[ch]`, and
 * `sensorNames(board).indexOf(name)` for a name's channel (-1: none). Made
 * when asked, not kept: a board may make its sensor list at each read.
 */
export function sensorNames(board: BoardDescription): string[] {
  const names: string[] = [];
  const sensors = board.sensors;
  for (let i = 0; i < sensors.length; i++) names[sensors[i].ch] = sensors[i].name;
  return names;
}
