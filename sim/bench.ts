// The bench game: a bare bank of channels for measuring the scanner and the
// debouncers, with no scoring and no firmware folder of its own (it never goes
// on a board). Its advert code is 5.
import type { BoardDescription, SensorKind } from '../firmware/board';
import { EDGE, TRANSIT } from '../firmware/sensing';
import { transit } from './physics/bounce';
import type { ScenarioHeader } from './scenario';
import { fieldsProblem } from './game';
import type { SimGame } from './game';

/** The bench game's advert code (byte 2, docs/protocol.md). */
export const BENCH_CODE = 5;

/** The bench game: a bare bank of `channels` channels named ch0, ch1, ..., no scoring. */
export function benchGame(header: ScenarioHeader): SimGame {
  const channels = header.channels ?? 32;
  const kind = (header.options.kind ?? 'contact') as SensorKind;
  if (kind !== 'contact' && kind !== 'hall' && kind !== 'ir') throw new Error('bench option "kind" must be contact, hall or ir');
  const sensors = [];
  for (let ch = 0; ch < channels; ch++) sensors.push({ name: 'ch' + ch, ch, kind });
  const board: BoardDescription = { channels, sensors };
  let edges = 0;
  let transits = 0;
  return {
    module: {
      id: 'bench',
      code: BENCH_CODE,
      board,
      pollMs: 1,
      setup: () => ({}),
      moves: {},
      commands: '',
      scores: () => [],
      turn: () => 0,
      winner: () => null,
      interpreter: () => ({
        sense(k) {
          if (k === EDGE) edges++;
          else if (k === TRANSIT) transits++;
        },
        tick() {},
      }),
      layout: () => '',
      fields: () => ({}),
    },
    actions: ['do', 'phone', 'power'],
    check(a) {
      const o = a.body;
      if (!['close', 'open', 'pass'].includes(o.do as string)) return 'bench happenings are close, open and pass';
      if (typeof o.ch !== 'number' || !Number.isInteger(o.ch) || o.ch < 0 || o.ch >= channels) return `"ch" must be 0 to ${channels - 1}`;
      if (o.do === 'pass' && !(typeof o.ms === 'number' && o.ms > 0)) return 'a pass needs "ms" > 0';
      // (A close or an open is a moment: an "ms" on one would be ignored.)
      return fieldsProblem(a, o.do === 'pass' ? ['t', 'do', 'ch', 'ms'] : ['t', 'do', 'ch']);
    },
    happen(a, world) {
      const ch = a.body.ch as number;
      if (a.body.do === 'pass') world.levels(transit(a.t, ch, a.body.ms as number));
      else world.levels([{ t: a.t, ch, level: a.body.do === 'close' ? 1 : 0 }]);
    },
    tailMs: 0,
    final(firmware) {
      const view = firmware.view();
      if (view.diag) return { scores: [], winner: null, mode: 'diag', diag: view.diag.report(view.now) };
      const active: number[] = [];
      for (let ch = 0; ch < channels; ch++) if (firmware.scanner!.level(ch) === 1) active.push(ch);
      return { scores: [], winner: null, edges, transits, active };
    },
  };
}

