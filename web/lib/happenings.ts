// The happenings a click on a game's drawing makes (its companion.json): the
// point clicked in the game's own terms, and a happening's line with the
// place or the point clicked in it (a place: where a sensor lies). No DOM: the tests check every game's.

/** A sensor's place on the drawing: the second part of its name (`peg.o1.top` → `o1`), or the name. */
export function placeOf(sensor: string): string {
  const parts = sensor.split('.');
  return parts.length > 1 ? parts[1] : sensor;
}

/** A game's area on its drawing (companion.json): a box (x0 y0 x1 y1 of the drawing), each axis's key in the game's terms and its values at the box's edges. */
export interface Area {
  box: [number, number, number, number];
  x: [string, number, number];
  y: [string, number, number];
}

/** The point of the game's area at (x, y) of the drawing: each axis's key and its value there, in whole units. */
export function pointOf(area: Area, x: number, y: number): Record<string, number> {
  const [x0, y0, x1, y1] = area.box;
  const along = (axis: [string, number, number], a: number, a0: number, a1: number) => Math.round(axis[1] + ((axis[2] - axis[1]) * (Math.min(Math.max(a, a0), a1) - a0)) / (a1 - a0));
  return { [area.x[0]]: along(area.x, x, x0, x1), [area.y[0]]: along(area.y, y, y0, y1) };
}

/** A happening's line with `"$place"` replaced by the place clicked, `"$point"` by the point clicked. */
export function happeningLine(line: Record<string, unknown>, clicked: { place?: string; point?: Record<string, number> }): Record<string, unknown> {
  return JSON.parse(JSON.stringify(line), (_, v) => (v === '$place' && clicked.place !== undefined ? clicked.place : v === '$point' && clicked.point ? clicked.point : v));
}
