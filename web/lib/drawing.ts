// Drawings: a game's board with its sensors (places from its companion.json,
// each sensor a dot at its place: lit, stuck, never seen, chattering), and the
// LED display as the MAX7219 chain lights it.
import type { WebGame } from 'tallyboard:games';
import { s } from './dom';
import { placeOf, pointOf } from './happenings';

export interface SensorMarks {
  lit: Set<string>;
  stuck: Set<string>;
  never: Set<string>;
  chatter: Set<string>;
}

export function noMarks(): SensorMarks {
  return { lit: new Set(), stuck: new Set(), never: new Set(), chatter: new Set() };
}

/** Where each place lies (x, y of 100): the game's own, else in rows. */
function placesOf(game: WebGame): Map<string, [number, number]> {
  const order: string[] = [];
  for (const sensor of game.module.board.sensors) {
    const p = placeOf(sensor.name);
    if (order.indexOf(p) < 0) order.push(p);
  }
  const given = game.companion.places ?? {};
  const columns = Math.ceil(Math.sqrt(order.length));
  const at = new Map<string, [number, number]>();
  order.forEach((p, i) => at.set(p, given[p] ?? [(100 / columns) * (i % columns + 0.5), (100 / columns) * (Math.floor(i / columns) + 0.5)]));
  return at;
}

/**
 * The board: a circle for each place, labelled, with a dot for each of its
 * sensors, marked by `marks` (class names lit, stuck, never, chatter);
 * `click` hears a click on a place; the game's marks (its table's outline and
 * lines) under them; `pointClick` hears a click in its area, as the point in
 * the game's own terms (`pointOf`).
 */
export function drawBoard(game: WebGame, marks: SensorMarks, click?: (place: string) => void, pointClick?: (point: Record<string, number>) => void, fields: Record<string, unknown> = {}): SVGElement {
  const places = placesOf(game);
  const bySensors = new Map<string, string[]>();
  for (const sensor of game.module.board.sensors) {
    const p = placeOf(sensor.name);
    bySensors.set(p, (bySensors.get(p) ?? []).concat(sensor.name));
  }
  // Places big enough to hit, none overlapping its nearest neighbour.
  const at = Array.from(places.values());
  const nearest = Math.min(...at.map(([x, y], i) => Math.min(...at.filter((_, j) => j !== i).map(([u, v]) => Math.hypot(x - u, y - v)))));
  const r = Math.min(8, 40 / Math.sqrt(places.size), nearest * 0.45);
  const svg = s('svg', { viewBox: '-2 -2 104 110', class: 'board', role: 'img', 'aria-label': game.id + ' board' });
  for (const mark of game.companion.marks ?? []) {
    if (mark.box) svg.append(s('rect', { x: mark.box[0], y: mark.box[1], width: mark.box[2] - mark.box[0], height: mark.box[3] - mark.box[1], class: 'mark' }));
    if (mark.line) svg.append(s('line', { x1: mark.line[0], y1: mark.line[1], x2: mark.line[2], y2: mark.line[3], class: 'mark' }));
    // A label at its own place, else past the line's (or the box's) far end.
    const end = mark.line ?? mark.box;
    const [x, y] = mark.at ?? (end ? [end[2] + 1, end[3] + 1] : [0, 0]);
    if (mark.label) svg.append(s('text', { x, y, class: 'mark-label' }, mark.label));
  }
  const area = game.companion.area;
  if (area && pointClick) {
    const [x0, y0, x1, y1] = area.box;
    const rect = s('rect', { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: 'area', 'data-area': '' });
    rect.addEventListener('click', (e) => {
      const m = (rect as unknown as SVGGraphicsElement).getScreenCTM();
      if (!m) return;
      const p = new DOMPoint((e as MouseEvent).clientX, (e as MouseEvent).clientY).matrixTransform(m.inverse());
      pointClick(pointOf(area, p.x, p.y));
    });
    svg.append(rect);
  }
  const pieces = piecesOn(game, fields);
  for (const [place, [x, y]] of places) {
    const sensors = bySensors.get(place) ?? [];
    const g = s('g', { class: 'place', 'data-place': place, onclick: click ? () => click(place) : undefined });
    g.append(s('circle', { cx: x, cy: y, r, class: 'spot' }), s('text', { x, y: y + r + 4, 'text-anchor': 'middle', class: 'label' }, place));
    // Its pieces as rings round it, the bottom one innermost, each in its player's colour.
    (pieces.get(place) ?? []).forEach((player, i) => g.append(s('circle', { cx: x, cy: y, r: r * (0.7 + 0.12 * i), class: 'piece p' + player, 'data-piece': player })));
    sensors.forEach((name, i) => {
      const a = (2 * Math.PI * i) / sensors.length;
      const dr = sensors.length > 1 ? r * 0.55 : 0;
      const cls = ['sensor'].concat((['lit', 'stuck', 'never', 'chatter'] as const).filter((m) => marks[m].has(name))).join(' ');
      g.append(s('circle', { cx: x + dr * Math.sin(a), cy: y - dr * Math.cos(a), r: Math.max(1.2, r / 4), class: cls, 'data-sensor': name }, s('title', {}, name)));
    });
    svg.append(g);
  }
  return svg;
}

/** What lies on each place, bottom first, as players' indices: the game's `pieces` field of its state (companion.json). */
function piecesOn(game: WebGame, fields: Record<string, unknown>): Map<string, number[]> {
  const on = new Map<string, number[]>();
  const spec = game.companion.pieces;
  const value = spec && fields[spec.field];
  if (!spec || typeof value !== 'string') return on;
  value.split(',').forEach((stack, i) => { if (spec.places[i] && stack) on.set(spec.places[i], stack.split('').map(Number)); });
  return on;
}

// One 7-segment cell's segments (A..G as bits 6..0, the point bit 7) as polygons in a 10 × 18 box.
const SEGMENTS: [number, string][] = [
  [0x40, '2,1 8,1 7,2 3,2'], [0x20, '8,1.5 9,2.5 8.5,8.5 7.5,8 8,2.5'], [0x10, '8.5,9.5 8,16 7,15.5 7.5,10'],
  [0x08, '2,17 8,17 7,16 3,16'], [0x04, '1.5,9.5 2.5,10 2,15.5 1,16'], [0x02, '1.5,1.5 2.5,2.5 2,8 1,8.5'], [0x01, '2,9 3,8.5 7,8.5 8,9 7,9.5 3,9.5'],
];

/** The display: each module's 8 cells, each segment lit or dark as the chips light them (`segments()` of the simulated chain). */
export function drawDisplay(modules: number[][]): SVGElement {
  const cellW = 11;
  const svg = s('svg', { viewBox: `0 0 ${modules.length * (8 * cellW + 4)} 20`, class: 'display', role: 'img', 'aria-label': 'LED display' });
  modules.forEach((cells, m) => {
    const x0 = m * (8 * cellW + 4);
    svg.append(s('rect', { x: x0, y: 0, width: 8 * cellW + 2, height: 20, class: 'module' }));
    cells.forEach((bits, c) => {
      const g = s('g', { transform: `translate(${x0 + 1 + c * cellW},1)` });
      for (const [bit, points] of SEGMENTS) g.append(s('polygon', { points, class: bits & bit ? 'on' : 'off' }));
      g.append(s('circle', { cx: 9.5, cy: 17, r: 0.7, class: bits & 0x80 ? 'on' : 'off' }));
      svg.append(g);
    });
  });
  return svg;
}
