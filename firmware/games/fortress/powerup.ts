// What only a power-up runs: the fortress interpreter taking up the board and
// the stroke under way (takeUp, interpret.ts's resume), what it finds on the
// table (lies, which an undo notes too), and the moves it makes of that (found,
// rest, a stroke taken up with what the board found).
// A board keeps them out of its bundle, in a module of its own (POWERUP_MODULE,
// firmware/modules.ts) that the interpreter and the rules load for each and let
// go after; the moves play with the rules' parts in the bundle (RuleParts).
import type { Outcome } from '../../game';
import type { FortressMove, FortressState, RuleParts } from './state';
import { BALLS, BELL0, COLOURS, COLOURS0, SPOT0, namesOf } from './board';
import { BASE, CODES, DUE, ENTRY, HALF, LAST, MAX_HAPPENINGS, NONE, OPEN, SPOT } from './slots';

export const powerUp = {
  /**
   * The power-up's move `move` (found, rest, or a stroke taken up: one with `f`) on `state`, with the rules' parts
   * `r`. (Chosen by its name here: an object of the three, made at each call, held some 40 JsVars more while an undo
   * read back a new game's `found`.)
   */
  move(state: FortressState, move: FortressMove, r: RuleParts): Outcome<FortressState> {
    // Nothing moved for a while after power-up: a stroke that began by a ball leaving its spot while the board
    // was starting (found) is over; with none, nothing to do.
    if (move.k === 'rest') return state.w === null && state.ph && state.ph.indexOf('-') >= 0 ? r.takeStroke(state, '') : r.refuse(state, '');
    const seen = r.happenings(move.k === 'found' ? move.h : move.f);
    if (!r.isReadable(seen, '+_')) return r.refuse(state);
    // What the spots and colours show at power-up (the interpreter's, when it starts), set against the game:
    // a ball found on its spot that the game has off it, and colours found otherwise, were moved by hand while
    // the board was off or starting, and a ball it has on its spot that is not there left it (the next stroke
    // began). As the game has it already, it is no move (refused, and so not saved). Saved with an undo (`u`), it
    // notes where the table lies otherwise than the game now, and is no move either.
    if (move.k === 'found') {
      const hs = powerUp.foundSince(r, state, state.ph || '', seen, move.u);
      if (move.u) {
        const st = r.copyOf(state);
        st.x = 0;
        for (let at = 0, end = 0; at < hs.length; at = end + 1) st.x |= r.lay({} as FortressState, hs.slice(at, end = r.ending(hs, at)));
        return r.played(st);
      }
      return state.w === null && hs ? r.byHand(state, hs) : r.refuse(state, '');
    }
    // A stroke the board took up at power-up (the rules play any other): what it found then (`f`), after the first
    // `n` of its happenings, goes into it there, and it is scored as it happened.
    const hs = r.happenings(move.h);
    const n = move.n as number;
    if (hs === undefined) return r.refuse(state);
    return r.takeStroke(state, hs, function (b: FortressState, ph: string, hs: string): string {
      // (Where the first n of hs end: -1 for none.)
      let k = -1;
      for (let i = 0; i < n && k < hs.length; i++) k = r.ending(hs, k + 1);
      const first = k < 0 ? '' : hs.slice(0, k);
      const before = r.and(ph, first);
      r.asSeen(b, first);
      return r.and(r.and(before, powerUp.foundSince(r, b, before, seen)), hs.slice(k + 1));
    });
  },

  /**
   * What the board found on the spots and colours at power-up (`seen`: `EA+` a ball on its spot, `FA1_` colours
   * down), set against `state` after happenings `hs`: the happenings that make the one the other. Balls put back,
   * then colours (which came first, the board cannot tell), then balls that left their spots. With `asGame`, against
   * the game's table, not where its `x` says the table lies.
   */
  foundSince(r: RuleParts, state: FortressState, hs: string, seen: string, asGame?: number): string {
    // (Only the spots and colours: what lay changes, and all this reads.)
    const now = { sp: state.sp, cd: state.cd } as FortressState;
    for (let at = 0, end = 0; at < hs.length; at = end + 1) r.lay(now, hs.slice(at, end = r.ending(hs, at)));
    // What was seen, laid on a table with every ball off its spot and no colours down: each bit is the board's.
    const saw = { sp: 63, cd: 0 } as FortressState;
    for (let at = 0, end = 0; at < seen.length; at = end + 1) r.lay(saw, seen.slice(at, end = r.ending(seen, at)));
    // The table as the board last saw it: the game's, otherwise where `x` says.
    const x = asGame ? 0 : state.x || 0;
    let out = '';
    let left = '';
    // The balls (k 0), then the colours (k 1): each seen on its spot (`+`) or down (`_`), and the game's bit
    // otherwise, into out (`+`, `_`), or a ball gone (`-`) into left and colours up (`^`) into out.
    // (Each name read in place in the text of names: a list of the twelve colours held some 25 JsVars at a `found`.)
    for (let k = 0; k < 2; k++) {
      const names = k ? COLOURS : BALLS;
      const bits = k ? now.cd ^ x >> 6 : ~(now.sp ^ x);
      for (let i = 0, at = 0, end = 0; at < names.length; i++, at = end + 1) {
        end = r.ending(names, at);
        const is = (k ? saw.cd : ~saw.sp) >> i & 1;
        if (is !== (bits >> i & 1)) {
          const h = names.slice(at, end) + (is ? k ? '_' : '+' : k ? '^' : '-');
          if (is || k) out = r.and(out, h);
          else left = r.and(left, h);
        }
      }
    }
    return r.and(out, left);
  },

  /**
   * What the board finds on the table (the move `found`), from the sensors' levels: the balls on their spots and the
   * colours down (`EA+`, `FA1_`); undefined when more than half of the inputs are active: no game but a bank floating
   * (the runtime tells that fault). At power-up (interpret.ts, resume), and for an undo's note of the table.
   */
  lies(level: (ch: number, mask?: number) => number): FortressMove | undefined {
    let active = 0;
    // Counted a word of channels at a time, a turn an active one (a call a channel held an undo's and a new game's
    // tick some 100 bare reads on the chip). (The board's channels fill its words: none past them is counted.)
    for (let w = 0; w < SPOT0 + 6; w += 32) for (let y = level(w, -1); y; y &= y - 1) active++;
    if (active > (SPOT0 + 6) >> 1) return undefined;
    // The spots and the colours in one read (turned to ball b at bit b, colour k at bit 6 + k: the colours' channels
    // come before the spots', which end the board's last word of channels, so nothing past them comes with them), and
    // the names split once (a split for each held a new game's tick some 40 bare reads).
    let y = level(COLOURS0, -1);
    y = y >> (SPOT0 - COLOURS0) | y << 6;
    const names = namesOf(BALLS + ' ' + COLOURS);
    let seen = '';
    for (let k = 0; k < 18; k++) if (y >> k & 1) seen += ' ' + names[k] + (k < 6 ? '+' : '_');
    return { k: 'found', h: seen.slice(1) };
  },

  /**
   * The interpreter taking up the board at power-up (interpret.ts, resume), in its memory (`bytes`, `at`: slots.ts)
   * from the sensors' levels: a ball in a mouth now passed it partly unseen (its passage is no happening), the balls on
   * their spots lie there (their leaving is a movement), and a stroke under way, saved in its begin records
   * (`pending`: interpret.ts, saveFrom), goes on from its happenings. Returns how many it holds, or for none under
   * way 0, or -1 in a game where an undo was made (-2) and at a new game (-3): a ball found gone from its spot then
   * began no stroke (it may lie where the move taken back left it, and the referee decided).
   */
  takeUp(bytes: Uint8Array, at: Int32Array, level: (ch: number, mask?: number) => number, pending: number | string): number {
    // The mouths' switches read a word of channels at a time (a call a channel held a new game's tick some 150 bare
    // reads on the chip), each word only as far as its last active switch (a turn a channel, some 80 more).
    for (let w = 0; w < BELL0; w += 32) for (let ch = w, y = level(w, -1); y && ch < BELL0; ch++, y >>>= 1) {
      // (What it tripped might mislead.)
      if (y & 1) {
        bytes[HALF + (ch >> 2)] = 1;
        bytes[ch >> 2] = OPEN;
        at[ch >> 2] = 0;
      }
    }
    // (2: on its spot; a level is 0 or 1.)
    for (let b = 0; b < 6; b++) bytes[SPOT + b] = 2 * level(SPOT0 + b);
    at[LAST] = at[DUE] = 0;
    const saved = String(pending).split(' ');
    const first = +saved[0];
    if (!(first > 0)) return first > -2 ? 0 : -1;
    // No fort entered in it yet.
    bytes.fill(NONE, ENTRY, HALF);
    let n = 0;
    // Digit by digit, exactly: v % BASE is exact, and so is the division of what is left.
    for (let v = first; v > 0; v = (v - v % BASE) / BASE) n++;
    for (let i = n - 1, v = first; i >= 0; i--, v = (v - v % BASE) / BASE) bytes[CODES + i] = v % BASE;
    for (let i = 1; i < saved.length && n < MAX_HAPPENINGS; i++) bytes[CODES + n++] = parseInt(saved[i], 16);
    return n;
  },
};
