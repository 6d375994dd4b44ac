// Round 39: diagnostics reports and walk messages checked against what the inputs did, computed here (not asked of
// the firmware), on the digital boards (triangle 12 channels, ringapeg 27, fortress 96), with phone command bursts
// (diag, walk, state, bright, each with an id) while sensors are walked, and inputs past the board's last channel
// toggled too. `npx tsx test/hostile-findings/39-diag-random.ts [seeds]`. Prints each mismatch (first few) and a tally.
import { startFirmware } from '../../firmware/runtime';
import { channelKinds } from '../../firmware/scan';
import { sensorAt } from '../../firmware/board';
import { game as ringapeg } from '../../firmware/games/ringapeg/index';
import { game as triangle } from '../../firmware/games/triangle/index';
import { game as fortress } from '../../firmware/games/fortress/index';
import { createSimHal } from '../../sim/hal';
import { mulberry32, setLevel } from '../../sim/inputs';

type Walk = { seen: number; of: number; missing: string[]; unseen: string[]; lost: number };
type Msg = { type: string; id?: number; levels?: string[]; walk?: Walk; stuck?: string[]; never?: string[]; ch?: number[][]; lost?: number; cmd?: string };

const SETTLE = 40; // ms after a raw toggle by which its debounced level is surely there
const STUCK = 5000;
const SEEDS = +(process.argv[2] || 6);

function bitsOf(words: string[]): Set<number> {
  const out = new Set<number>();
  words.forEach((w, i) => { const v = parseInt(w, 16); for (let b = 0; b < 32; b++) if (Math.floor(v / 2 ** b) % 2) out.add(32 * i + b); });
  return out;
}

let problems = 0;
const shown = new Map<string, number>();
function bad(game: string, what: string, detail: string) {
  problems++;
  const k = game + ': ' + what;
  shown.set(k, (shown.get(k) || 0) + 1);
  if (shown.get(k)! <= 3) console.log(`MISMATCH ${k}: ${detail}`);
}

for (const [name, mod] of [['triangle', triangle], ['ringapeg', ringapeg], ['fortress', fortress]] as const) {
  const board = (mod as never as { board: { channels: number; sensors: never[] } }).board as never as import('../../firmware/board').BoardDescription;
  const n = board.channels;
  const words = (n + 31) >> 5;
  const sensor: boolean[] = []; const holds: boolean[] = []; const names: string[] = [];
  for (let c = 0; c < n; c++) { const s = sensorAt(board, c); sensor[c] = !!s; holds[c] = !!(s && s.holds); names[c] = s ? s.name : ''; }
  let reports = 0, walks = 0, replies = 0, stuckSeen = 0, levelsSeen = 0, neverSeen = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const rnd = mulberry32(seed * 7919 + n);
    const hal = createSimHal({ channels: n, kinds: channelKinds(board), seed, modules: 3 });
    startFirmware(hal, mod as never, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 } as never);
    let t = 0;
    const past: [number, number][] = [];
    const tick = () => {
      hal.inputs.advanceTo(++t);
      for (const [ch, l] of past.splice(0)) setLevel((hal.inputs as never as { words: Int32Array }).words, ch, l);
      hal.ticker.fire();
    };
    for (let i = 0; i < 300; i++) tick();
    hal.radio.write('{"cmd":"diag","on":true}\n', true);
    for (let i = 0; i < 100; i++) tick();
    const start = t;
    hal.radio.notifications.length = 0;
    // The model: each input's level, its toggles, its last toggle, its toggles since diagnostics began.
    const lvl = new Array(32 * words).fill(0);
    const last = new Array(32 * words).fill(-1e9);
    const toggles = new Array(32 * words).fill(0);
    let lastActiveEdge = new Array(32 * words).fill(-1e9); // time of the last rise
    let walkFrom = start; // the walk test began (again) at about this time
    let quietUntil = 0;
    let lastBurst = 0; // no input toggles until then (around a walk command)
    const sentIds: number[] = [];
    let id = 0;
    let expectReports = 0;
    let parsed = 0;
    let buf = '';
    const END = start + 30000;
    for (; t < END;) {
      // Inputs: channels of the board and, rarely, the bank's inputs past its last channel.
      if (t >= quietUntil) for (let k = 0; k < 2; k++) {
        if (rnd() < 0.04) {
          const ch = rnd() < 0.1 && n < 32 * words ? n + Math.floor(rnd() * (32 * words - n)) : Math.floor(rnd() * n);
          if (t + 1 - last[ch] > 80 && (ch % 3 !== (seed % 3) || rnd() < 0.01)) {
            lvl[ch] ^= 1; last[ch] = t + 1; if (ch < n) toggles[ch]++;
            if (lvl[ch]) lastActiveEdge[ch] = t + 1;
            if (ch < n) hal.inputs.setExact(t + 1, ch, lvl[ch] as 0 | 1);
            else past.push([ch, lvl[ch]]); // (the simulator schedules only the board's channels: set in its words)
          }
        }
      }
      // Sometimes hold a sensor active for long (stuck candidates).
      // Commands: a burst of lines in one write.
      if (t - lastBurst > 1000 && rnd() < 0.002) {
        lastBurst = t;
        const lines: string[] = [];
        const k = 1 + Math.floor(rnd() * 4);
        for (let i = 0; i < k; i++) {
          const r = rnd();
          id++;
          if (r < 0.45) { lines.push(`{"cmd":"diag","id":${id}}`); expectReports++; }
          else if (r < 0.6) { lines.push(`{"cmd":"diag","walk":true,"id":${id}}`); }
          else if (r < 0.8) { lines.push(`{"cmd":"state","id":${id}}`); expectReports++; }
          else lines.push(`{"cmd":"bright","level":${1 + Math.floor(rnd() * 8)},"id":${id}}`);
          sentIds.push(id);
        }
        hal.radio.write(lines.join('\n') + '\n', true);
        // The walk restarts within a few ticks: no toggles meanwhile, so the model's restart time is exact enough.
        if (lines.some((l) => l.includes('walk'))) { quietUntil = t + 3 * k + 20; walkFrom = -1; }
      }
      tick();
      // Read what came out at this tick.
      const ns = hal.radio.notifications;
      for (; parsed < ns.length; parsed++) buf += ns[parsed].chunk;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const m = JSON.parse(buf.slice(0, nl)) as Msg; buf = buf.slice(nl + 1);
        if (m.type === 'error' && (m as { code?: string }).code === 'busy' && m.id === undefined) { bad(name, 'flood (harness rate too high)', JSON.stringify(m)); continue; }
        if (m.type === 'ok' || m.type === 'error' || m.id !== undefined) {
          replies++;
          const want = sentIds.shift();
          if (m.id !== want) bad(name, 'reply order', `reply ${JSON.stringify(m)} where id ${want} was due (seed ${seed}, t ${t})`);
          continue;
        }
        if (m.type !== 'diag') continue;
        const w = m.walk!;
        // The walk message's own consistency: unseen words = the sensors still to see, missing = their first 8 names.
        const uns = bitsOf(w.unseen);
        if (w.unseen.length !== words) bad(name, 'walk.unseen length', `${w.unseen.length} words for ${n} channels`);
        for (const c of uns) if (c >= n || !sensor[c]) bad(name, 'walk.unseen', `channel ${c} (no sensor / past ${n}) unseen`);
        if (uns.size !== w.of - w.seen) bad(name, 'walk seen vs unseen', `seen ${w.seen} of ${w.of}, ${uns.size} unseen (seed ${seed} t ${t})`);
        const wantMissing = [...uns].sort((a, b) => a - b).slice(0, 8).map((c) => names[c]);
        if (JSON.stringify(wantMissing) !== JSON.stringify(w.missing)) bad(name, 'walk.missing', `${w.missing} vs ${wantMissing}`);
        if (w.lost !== 0) bad(name, 'lost', `${w.lost}`);
        if (walkFrom < 0 && !m.levels && w.seen === 0) walkFrom = t; // the restart's message
        // The model's view of what has been seen: a rise since the walk began, settled.
        if (walkFrom >= 0) {
          for (let c = 0; c < n; c++) {
            if (!sensor[c]) continue;
            const rose = lastActiveEdge[c] > walkFrom; // (some rise after the restart; lastActiveEdge is the last)
            const sure = rose && t - lastActiveEdge[c] >= SETTLE;
            // A sensor whose last rise is recent but that rose before since the restart cannot be told here: skip.
            if (sure && uns.has(c)) bad(name, m.levels ? 'report walk stale (seen sensor still unseen)' : 'walk message stale', `ch ${c} ${names[c]} rose at ${lastActiveEdge[c]}, walk from ${walkFrom}, told at ${t} (seed ${seed})`);
            if (!rose && lastActiveEdge[c] <= walkFrom - 5 && !uns.has(c) && lvl[c] === 1 && last[c] < walkFrom - 5) {
              // active since before the restart and not changed since: seen only if it rose after the restart
              bad(name, 'walk seen without a rise', `ch ${c} at ${t}`);
            }
          }
        }
        if (!m.levels) { walks++; continue; }
        reports++;
        expectReports--;
        // The report's levels/stuck/never against the model (channels toggled within SETTLE ms are skipped).
        const lv = bitsOf(m.levels), st = bitsOf(m.stuck!), nv = bitsOf(m.never!);
        stuckSeen += st.size; levelsSeen += lv.size; neverSeen += nv.size;
        for (const [k, ws] of [['levels', m.levels], ['stuck', m.stuck], ['never', m.never]] as const) if (ws!.length !== words) bad(name, k + ' length', `${ws!.length}`);
        for (let c = 0; c < 32 * words; c++) {
          if (c >= n) {
            if (lv.has(c)) bad(name, 'levels past the last channel', `ch ${c} set (input ${lvl[c]}), seed ${seed} t ${t}`);
            if (st.has(c) || nv.has(c)) bad(name, 'stuck/never past the last channel', `ch ${c}`);
            continue;
          }
          const age = t - last[c];
          if (age >= SETTLE && lv.has(c) !== !!lvl[c]) bad(name, 'levels', `ch ${c} reported ${lv.has(c) ? 1 : 0}, input ${lvl[c]} for ${age} ms (seed ${seed})`);
          const activeFor = t - Math.max(last[c], start);
          if (age >= SETTLE) {
            const wantStuck = !!lvl[c] && !holds[c] && activeFor >= STUCK + SETTLE;
            const maybe = !!lvl[c] && !holds[c] && activeFor >= STUCK - SETTLE;
            if (st.has(c) && !maybe) bad(name, 'stuck (extra)', `ch ${c} active for ${activeFor}`);
            if (!st.has(c) && wantStuck) bad(name, 'stuck (missing)', `ch ${c} active for ${activeFor}`);
          }
          const wantNever = sensor[c] && toggles[c] === 0;
          if (nv.has(c) !== wantNever) bad(name, 'never', `ch ${c} ${names[c]} reported ${nv.has(c)}, toggles ${toggles[c]} (seed ${seed} t ${t})`);
        }
        for (const [c, e, tr, rj] of m.ch!) {
          if (e + 2 * tr + rj !== toggles[c]) bad(name, 'ch counts', `ch ${c}: ${e}+2*${tr}+${rj} vs ${toggles[c]} raw toggles`);
        }
        if (m.lost !== 0) bad(name, 'lost', `${m.lost}`);
      }
    }
    for (let i = 0; i < 200; i++) tick();
    for (let i = 0; i < 200; i++) tick();
    { const ns = hal.radio.notifications; for (; parsed < ns.length; parsed++) buf += ns[parsed].chunk;
      for (const l of buf.split('\n').filter(Boolean)) { const m = JSON.parse(l) as Msg; if (m.id !== undefined) { const want = sentIds.shift(); if (m.id !== want) bad(name, 'reply order', `late reply ${m.id} vs ${want}`); } } }
    if (sentIds.length) bad(name, 'replies missing', `${sentIds.length} ids never answered: ${sentIds}`);
    void expectReports;
  }
  console.log(`${name}: ${reports} reports, ${walks} walk messages, ${replies} replies checked; bits set: levels ${levelsSeen}, stuck ${stuckSeen}, never ${neverSeen}`);
}
console.log(problems ? `${problems} mismatches` : 'no mismatch');
for (const [k, v] of shown) console.log(`  ${v} × ${k}`);
