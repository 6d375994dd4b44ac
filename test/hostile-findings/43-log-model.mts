// Round 43: the log across power cuts at any byte of any write (moves, undos, the power-up's resync, again and again),
// repeated power-ups, and flash garbles at any byte of a move or undo record, against an oracle of what the phone was
// told (never the firmware's reading): after cuts alone, the game restored is the moves told and not taken back;
// after a garble of the record of told action j, the moves told before j, and from the next power-up on, those played
// after it. An undo takes back exactly one move.
// Usage: npx tsx test/hostile-findings/43-log-model.mts GAME(ringapeg|triangle) RUNS SEED [GARBLE 0|1]
import { LOG, record, restore, resyncRecord, undoRecord, setupRecord } from '../../firmware/persist';
import { playMove } from '../../firmware/game';
import { SimFlash } from '../../sim/flash';
import { exampleWrites } from '../power-sweep';

const GAME = process.argv[2] || 'ringapeg', RUNS = Number(process.argv[3] || 200);
let s = Number(process.argv[4] || 1) >>> 0;
const GARBLE = process.argv[5] !== '0';
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const example = GAME === 'ringapeg' ? 'ringapeg-advance' : 'triangle-exact';
const { game, writes } = exampleWrites(example);
const setupLine = writes[0];
const setup = JSON.parse(setupLine.slice(0, -4));
const config = { players: setup.p, options: setup.o || {} };
// The moves of the example game (not its begin records).
const pool = writes.slice(1).map((w) => JSON.parse(w.slice(0, -4))).filter((m) => m.k !== undefined && m.u === undefined).map((m) => { delete m.b; return m; });

const stateOf = (moves: object[]) => { let st = game.setup(config); for (const m of moves) st = playMove(game, st, m as never).state; return st; };
let staleSync = 0, otherBad = 0, benign = 0, runs = 0, powerUps = 0, cuts = 0, resyncCuts = 0, garbles = 0, undos = 0, checks = 0, bad = 0;
const badKinds: Record<string, number> = {};
for (let run = 0; run < RUNS; run++) {
  const flash = new SimFlash();
  flash.files[LOG] = setupLine;
  // The oracle: the actions told (moves and undos), each with its record's place in the log: [start, end).
  const told: { move?: object; undo?: boolean; at: number; end: number }[] = [];
  // What stands by the oracle: actions told, undos taking back the last move, from `from` (a garble cuts the prefix).
  // Stretches of the log ignored by the oracle: from a garbled told record to the end of the board's next whole resync.
  const ignored: [number, number][] = [];
  // Each whole resync: where it ends, and the moves that stood on the board when it was written (the oracle's).
  const resyncs: { end: number; content: string }[] = [];
  const garbledAt: number[] = [];
  // The same, but a garbled stretch also ends at an older resync that says exactly the moves standing before it (the
  // same moves, not only as many): the board did go on from them, so the moves after it are the game's.
  const standingContentAware = () => {
    const st: object[] = [];
    let skipFrom = -1, base = '';
    for (const a of told) {
      if (skipFrom >= 0) {
        const r = resyncs.find((x) => x.end > skipFrom && x.end <= a.at && x.content === base);
        if (!r) continue;
        skipFrom = -1;
      }
      if (garbledAt.includes(a.at)) { skipFrom = a.at; base = JSON.stringify(st); continue; }
      if (a.undo) st.pop(); else st.push(a.move!);
    }
    return st;
  };
  const isIgnored = (a: { at: number }) => ignored.some(([from, to]) => a.at >= from && a.at < to);
  const standing = () => {
    const st: object[] = [];
    for (const a of told) {
      if (isIgnored(a)) continue;
      if (a.undo) st.pop(); else st.push(a.move!);
    }
    return st;
  };
  let boardStand = 0;
  let cur = game.setup(config);
  let pendingCut = -1; // bytes after which the next write is cut
  let garbledThisOff = false;
  const log: string[] = [];
  const write = (text: string): boolean => {
    const old = flash.files[LOG] || '';
    if (pendingCut >= 0 && pendingCut < text.length) {
      flash.files[LOG] = old + text.slice(0, pendingCut);
      pendingCut = -1;
      return false;
    }
    pendingCut = -1;
    flash.files[LOG] = old + text;
    return true;
  };
  let benignTail = false;
  // The board takes up what it restored: the oracle follows the board's game from here (the told actions so far
  // replaced by what stands, as if played from the start).
  const powerUpAccept = (r: any): 'done' | 'resync' | boolean => {
    boardStand = r.stand; cur = r.state;
    return r.cut ? 'resync' : 'done';
  };
  const powerUp = () => {
    // A garble while the board was off: one byte of a told move or undo record, any byte of it, any value.
    if (GARBLE && rnd() < 0.25) {
      const live = told.filter((a) => !isIgnored(a));
      if (live.length) {
        const a = live[int(0, live.length - 1)];
        const at = int(a.at, a.end - 1);
        const text = flash.files[LOG];
        let ch = int(0, 254);
        if (ch === text.charCodeAt(at)) ch = (ch + 1) % 255;
        flash.files[LOG] = text.slice(0, at) + String.fromCharCode(ch) + text.slice(at + 1);
        // The oracle: the garbled action and all after it ignored (docs/saving.md), until the board's resync.
        ignored.push([a.at, Infinity]);
        garbledAt.push(a.at);
        garbles++;
        log.push(`garble ${at} (action ${told.indexOf(a)}) to ${ch}`);
      }
    }
    for (;;) {
      powerUps++;
      const r = restore(flash, game)!;
      const want = standing();
      checks++;
      const ok = r && r.stand === want.length && JSON.stringify(r.state) === JSON.stringify(stateOf(want));
      if (!ok && r) {
        const alt = standingContentAware();
        if (r.stand === alt.length && JSON.stringify(r.state) === JSON.stringify(stateOf(alt))) {
          // The board's answer is the game as played: an older resync said exactly the moves standing before the garble.
          // (The run ends here: the oracle's game and the board's part ways, both right.)
          benign++;
          return false;
        }
      }
      if (!ok && r && garbledAt.length) {
        // Is it the stale resync alone? The log with every resync after the first garbled record saying no count
        // that could match: then the board must give the oracle's game.
        const first = Math.min(...garbledAt);
        const text = flash.files[LOG];
        const scrubbed = text.slice(0, first) + text.slice(first).replace(/\{"sync":\d+\}\*[0-9a-f]{2}\n/g, () => record({ sync: 99999 }));
        const f2 = new SimFlash(); f2.files[LOG] = scrubbed;
        const r2 = restore(f2, game)!;
        if (r2 && r2.stand === want.length && JSON.stringify(r2.state) === JSON.stringify(stateOf(want))) staleSync++;
        else { otherBad++; console.log('NOT A STALE SYNC: run', run); }
      }
      if (!ok) {
        bad++;
        const kind = !r ? 'null' : r.stand > want.length ? 'more' : r.stand < want.length ? 'fewer' : 'other';
        badKinds[kind] = (badKinds[kind] || 0) + 1;
        if (process.env.DUMP && (process.env.DUMP === String(run) || process.env.DUMP === kind)) { console.log('FULL LOG', JSON.stringify(flash.files[LOG]).replace(/\\n/g, '\\n\n')); console.log('ignored', JSON.stringify(ignored), 'told', told.map((a, i) => i + ':' + a.at + (a.undo ? 'u' : '')).join(' ')); console.log(log.join(' | ')); }
        if (bad <= 6) console.log('MISMATCH run', run, kind, 'stand', r && r.stand, 'want', want.length, 'dropped', r && r.dropped, '\n  ', log.slice(-8).join('\n   '), '\n  log tail', JSON.stringify(flash.files[LOG].slice(-300)));
        return false;
      }
      if (powerUpAccept(r) === 'done') break;
      if (false) {
      }
      // The resync, cut at a random byte now and then (a second cut as the board comes back).
      const resync = resyncRecord(r.stand, r.lastMove);
      const where = (flash.files[LOG] || '').length;
      if (rnd() < 0.4) { pendingCut = int(0, resync.length - 1); resyncCuts++; log.push(`resync cut at ${pendingCut}`); }
      if (write(resync)) {
        // From here the moves played count again (by the oracle: those whose records start after this resync).
        for (const w of ignored) if (w[1] === Infinity) w[1] = where + resync.length;
        resyncs.push({ end: where + resync.length, content: JSON.stringify(standing()) });
        log.push('resync whole');
        break;
      }
    }
    return true;
  };
  runs++;
  let alive = true;
  for (let step = 0; step < 60 && alive; step++) {
    // A cut at a byte of the next write now and then.
    if (rnd() < 0.15) { pendingCut = int(0, 40); cuts++; }
    const where = flash.files[LOG].length;
    if (rnd() < 0.2) {
      if (!boardStand) { pendingCut = -1; continue; }
      undos++;
      const text = undoRecord();
      if (write(text)) {
        told.push({ undo: true, at: where, end: where + text.length });
        log.push('undo');
        // The undo's read-back: the game as restore finds it (one move fewer).
        const r = restore(flash, game)!;
        const want = standing();
        checks++;
        if (!r || r.stand !== want.length || JSON.stringify(r.state) !== JSON.stringify(stateOf(want))) {
          bad++; badKinds.undo = (badKinds.undo || 0) + 1;
          if (bad <= 6) console.log('UNDO MISMATCH run', run, r && r.stand, want.length, log.slice(-8).join(' | '));
          alive = false; continue;
        }
        boardStand = r.stand; cur = r.state;
      } else { log.push('undo cut'); alive = powerUp(); }
      continue;
    }
    const m = pool[int(0, pool.length - 1)];
    const o = playMove(game, cur, m as never);
    if (o.refused !== undefined || o.state === cur) { pendingCut = -1; continue; }
    const text = record(m);
    if (write(text)) {
      told.push({ move: m, at: where, end: where + text.length });
      boardStand++; cur = o.state;
      log.push('move ' + JSON.stringify(m));
    } else { log.push('move cut'); alive = powerUp(); }
    if (alive && rnd() < 0.1) { log.push('quiet power-up'); alive = powerUp(); }
  }
  if (alive) powerUp();
}
console.log(JSON.stringify({ game: GAME, staleSync, otherBad, benign, runs, powerUps, cuts, resyncCuts, garbles, undos, checks, bad, badKinds }));
