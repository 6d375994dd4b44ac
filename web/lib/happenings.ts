// The happenings a click on a game's drawing makes (its companion.json): the
// point clicked in the game's own terms, and a happening's line with the
// place or the point clicked in it (a place: where a sensor lies). No DOM: the tests check every game's.

/** A sensor's place on the drawing: the second part of its name (`peg.o1.top` → `o1`), or the name. */
export function placeOf(sensor: string): string {
  const parts = sensor.split('.');
  return parts.length > 1 ? parts[1] : sensor;
}

/**
 * A game's area on its drawing (companion.json): a box (x0 y0 x1 y1 of the drawing), each axis's key in the
 * game's terms and its values at the box's edges; an area with no `y` is a ruler, read along x only.
 */
export interface Area {
  box: [number, number, number, number];
  x: [string, number, number];
  y?: [string, number, number];
}

/** The point of the game's area at (x, y) of the drawing: each axis's key and its value there, in whole units. */
export function pointOf(area: Area, x: number, y: number): Record<string, number> {
  const [x0, y0, x1, y1] = area.box;
  const along = (axis: [string, number, number], a: number, a0: number, a1: number) => Math.round(axis[1] + ((axis[2] - axis[1]) * (Math.min(Math.max(a, a0), a1) - a0)) / (a1 - a0));
  const point = { [area.x[0]]: along(area.x, x, x0, x1) };
  if (area.y) point[area.y[0]] = along(area.y, y, y0, y1);
  return point;
}

/** Whether a happening's line takes the place (`"$place"`) or the point (`"$point"`, `"$point.KEY"`) of a click. */
export const TAKES_CLICK = /"\$(place|point(\.\w+)?)"/;

/** A happening's line with `"$place"` replaced by the place clicked, `"$point"` by the point clicked, `"$point.KEY"` by its KEY. */
export function happeningLine(line: Record<string, unknown>, clicked: { place?: string; point?: Record<string, number> }): Record<string, unknown> {
  return JSON.parse(JSON.stringify(line), (_, v) => {
    if (v === '$place' && clicked.place !== undefined) return clicked.place;
    if (typeof v === 'string' && v.startsWith('$point') && clicked.point) return v === '$point' ? clicked.point : clicked.point[v.slice('$point.'.length)];
    return v;
  });
}
