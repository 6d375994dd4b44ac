// The boards of one room as the hub knows them: each board's latest state
// from its adverts, and the games that finished. Pure and deterministic (the
// caller gives the time); hub/hub.ts carries it over MQTT. docs/hub.md.
//
// A board adds 1 (mod 256) to its advert's sequence number on every change and
// repeats the advert every 375 ms, so the same number again is a duplicate. A
// board heard a moment ago cannot have changed more than MAX_STEP times since:
// any other number is an old advert a gateway replayed or delivered late. A
// board that restarts counts from 1 again, after at least a second without
// adverts while it boots; so after such a quiet time (a restart, or the board
// out of the gateways' reach a while) any new number is taken; one a few behind
// the last, past a board's first few and soon after it (an advert delivered
// late), is taken as no restart.

import { decodeAdvert } from '../sim/phone';
import type { AdvertInfo } from '../sim/phone';
import type { HeardAdvert } from './gateways';
import { byTime, resultKey } from './messages';
import type { BoardState, FinishedGame } from './messages';
import { openAdvert } from './signed';
import { ADVERT_SIGNED_VERSION } from '../firmware/advert';

/** What the room made of an advert; `forged` (an enrolled board's, unsigned or with a wrong tag) and `replayed` (its counter behind) are dropped. */
export type Verdict = 'new' | 'restart' | 'duplicate' | 'stale' | 'malformed' | 'forged' | 'replayed';

/** What the room made of a published state: `forged` (an enrolled board's, not signed with its key) and `older` are not taken. */
export type Adoption = 'taken' | 'older' | 'forged';

export interface Hearing {
  verdict: Verdict;
  /** The board was silent, and is heard again. */
  back?: boolean;
  /** A state to publish: the new one, or the same again when it comes back from silence or its last seen is old. */
  state?: BoardState;
  finished?: FinishedGame;
  /**
   * A board heard for the first time, not enrolled by the id the gateway gives it, whose advert a key the club enrolled
   * under another id signs: that id (the club enrolled it by its address, and the gateway publishes it by a name).
   */
  enrolledAs?: string;
}

export interface RoomOptions {
  /** Each game's name by its advert code. */
  games: Record<number, string>;
  /** Nothing heard for this long: the board is silent. */
  silentAfterMs: number;
  /** A board quiet this long may have restarted: any new sequence number is taken, not dropped as old. */
  restartAfterMs?: number;
  /** A board's unchanged state is published again (its last seen) at most this often. */
  refreshMs?: number;
  /** Names the club gives boards, by address or gateway name (as boardId makes them). */
  names?: Record<string, string>;
  /** The keys of the boards the club enrolled, by board: their adverts are verified, and their finished games and states never pushed out by others'. */
  keys?: Record<string, Uint8Array>;
  /** How many finished games the results keep of each board (its latest). */
  keepPerBoard?: number;
  /** How many finished games the results keep of boards not enrolled, all together (the latest). */
  keepResults?: number;
  /** How many boards not enrolled the room follows at most: beyond, the one heard longest ago is forgotten. */
  maxBoards?: number;
}

interface Board {
  state: BoardState;
  /** When it was last heard (ms, the caller's clock). */
  heardAt: number;
  /** When its state was last published. */
  publishedAt: number;
}

/** The most changes a board heard a moment ago (within the restart time) can have made since. */
export const MAX_STEP = 32;
/** A number up to this is a board's first adverts after it starts (it counts from 1): a restart, never a late advert. */
const FIRST_ADVERTS = 4;
/** A gateway delivers an advert at most this late (ms): after a longer quiet time a number behind is a restart. */
const LATE_MS = 30_000;

/** Whether sequence number `seq` is after `last` (mod 256), for states another hub published. */
const ahead = (seq: number, last: number) => ((seq - last) & 0xff) !== 0 && ((seq - last) & 0xff) < 128;

export class Room {
  private boards = new Map<string, Board>();
  /** Each board's finished games, oldest first. */
  private finished = new Map<string, FinishedGame[]>();
  private readonly restartAfterMs: number;
  private readonly refreshMs: number;
  private readonly keepPerBoard: number;
  private readonly keepResults: number;
  private readonly maxBoards: number;
  /** The club's names and keys by board id: maps, not the options' objects, where an id such as `__proto__` or `constructor` finds what every object has. */
  private readonly names: Map<string, string>;
  private readonly keys: Map<string, Uint8Array>;

  constructor(private options: RoomOptions) {
    this.restartAfterMs = options.restartAfterMs ?? 1500;
    this.refreshMs = options.refreshMs ?? 10_000;
    this.keepPerBoard = options.keepPerBoard ?? 100;
    this.keepResults = options.keepResults ?? 500;
    this.maxBoards = options.maxBoards ?? 1000;
    this.names = new Map(Object.entries(options.names ?? {}));
    this.keys = new Map(Object.entries(options.keys ?? {}));
  }

  /** Takes one advert heard at `now` (ms). */
  hear(advert: HeardAdvert, now: number): Hearing {
    const opened = openAdvert(advert.bytes, this.keys.get(advert.board));
    if (opened === 'forged') return { verdict: 'forged' };
    const info = opened && decodeAdvert(opened.bytes, this.options.games);
    if (!info) return { verdict: 'malformed' };
    const known = this.boards.get(advert.board);
    // The name a gateway heard (the scan response) is not signed: any device with the board's address can answer
    // with its own, so an enrolled board shows only the club's.
    const enrolled = this.keys.has(advert.board);
    const name = this.names.get(advert.board) ?? (enrolled ? null : advert.name ?? known?.state.name ?? null);
    let verdict: Verdict = 'new';
    const counter = opened!.counter;
    if (counter !== null) {
      // A verified advert: its counter tells a repeat (the same) from a replay (behind), across restarts.
      const last = known?.state.counter ?? null;
      if (last !== null && counter < last) return { verdict: 'replayed' };
      if (last === counter) verdict = 'duplicate';
    } else if (known) {
      const quiet = now - known.heardAt >= this.restartAfterMs;
      const step = (info.seq - known.state.seq) & 0xff;
      if (step === 0 && !(quiet && !sameGame(known.state, info))) verdict = 'duplicate';
      // A number a few behind after a short quiet time, past a board's first few, is an advert from a moment before
      // delivered late (a slower gateway): taken (the board's next change puts it right), but no restart counted, so
      // the game it ended stays one finished game when the board's own advert comes again. A board that restarted
      // counts from 1, and its first adverts come a second or more after its last.
      else if (step === 0 || step > MAX_STEP) {
        const late = step >= 256 - MAX_STEP && info.seq > FIRST_ADVERTS && now - known.heardAt < LATE_MS;
        verdict = !quiet ? 'stale' : late ? 'new' : 'restart';
      }
    }
    if (verdict === 'stale') return { verdict };
    const back = known?.state.silent;
    if (verdict === 'duplicate') {
      const k = known!;
      k.heardAt = now;
      Object.assign(k.state, { lastSeen: iso(now), rssi: advert.rssi ?? k.state.rssi, silent: false, name });
      if (!back && now - k.publishedAt < this.refreshMs) return { verdict };
      k.publishedAt = now;
      return { verdict, back, state: k.state };
    }
    const state: BoardState = {
      board: advert.board, name, ...gameOf(info), counter, restarts: (known?.state.restarts ?? 0) + (verdict === 'restart' ? 1 : 0),
      lastSeen: iso(now), rssi: advert.rssi, silent: false, enrolled, advert: counter === null ? null : Buffer.from(advert.bytes).toString('hex'),
    };
    this.follow(advert.board, { state, heardAt: now, publishedAt: now });
    const hearing: Hearing = { verdict, back, state };
    if (!known && !enrolled && counter === null && advert.bytes[1] === ADVERT_SIGNED_VERSION) {
      for (const [id, key] of this.keys) {
        const mine = openAdvert(advert.bytes, key);
        if (mine && mine !== 'forged') hearing.enrolledAs = id;
      }
    }
    if (state.over && !known?.state.over) {
      hearing.finished = {
        board: state.board, name, game: state.game, scores: state.scores, winner: state.winner,
        round: state.round, seq: state.seq, counter, restarts: state.restarts, at: iso(now), enrolled: state.enrolled,
      };
      this.addResults([hearing.finished]);
    }
    return hearing;
  }

  /**
   * Takes a state published before (a retained one, after the hub restarted)
   * or by another hub of the same room: kept when it is later than what this
   * hub knows of the board. An enrolled board's state is taken only as its
   * signed advert says (the state carries it): anyone who may write the room's
   * topics can publish a state, so one that its key does not sign is `forged`,
   * and its counter never stands between the board and the hub.
   */
  adopt(state: BoardState, now: number): Adoption {
    const key = this.keys.get(state.board);
    if (key) {
      const opened = state.advert === null ? null : openAdvert(Uint8Array.from(Buffer.from(state.advert, 'hex')), key);
      if (!opened || opened === 'forged') return 'forged';
      const info = decodeAdvert(opened.bytes, this.options.games);
      if (!info) return 'forged';
      const name = this.names.get(state.board) ?? null;
      state = { ...state, name, ...gameOf(info), counter: opened.counter, enrolled: true };
    }
    const known = this.boards.get(state.board);
    const lastSeen = Date.parse(state.lastSeen);
    // Sequence numbers wrap at 256: one 128 changes behind looks ahead, so the state must also be as recent as what is known.
    const later = !known || (state.counter !== null && known.state.counter !== null ? state.counter > known.state.counter
      : state.restarts > known.state.restarts
        || (state.restarts === known.state.restarts && ahead(state.seq, known.state.seq) && lastSeen >= Date.parse(known.state.lastSeen)));
    if (!later) return 'older';
    this.follow(state.board, { state: { ...state }, heardAt: Number.isNaN(lastSeen) ? now : Math.min(now, lastSeen), publishedAt: now });
    return 'taken';
  }

  /** Keeps `board`; a new board not enrolled, when the room follows as many as it may, forgets the one not enrolled heard longest ago. */
  private follow(id: string, board: Board): void {
    if (!this.boards.has(id) && !this.keys.has(id)) {
      const others = [...this.boards].filter(([b]) => !this.keys.has(b));
      if (others.length >= this.maxBoards) this.boards.delete(others.reduce((a, b) => (b[1].heardAt < a[1].heardAt ? b : a))[0]);
    }
    this.boards.set(id, board);
  }

  /**
   * Adds finished games (this hub's, or another's from the results); returns
   * whether any was new and is kept. Each board keeps its latest keepPerBoard; the boards
   * not enrolled keep their latest keepResults together, so no number of
   * made-up games pushes out an enrolled board's.
   */
  addResults(games: FinishedGame[]): boolean {
    // (Each board's list sorted once, and the games pushed out removed in one pass: sorted again for each game, one
    // well-formed message of 20,000 held the hub near a second.)
    const added = new Map<string, { list: FinishedGame[]; keys: Set<string> }>();
    const taken = new Set<FinishedGame>();
    for (const g of games) {
      let mine = added.get(g.board);
      if (!mine) {
        const list = (this.finished.get(g.board) ?? []).slice();
        mine = { list, keys: new Set(list.map(resultKey)) };
        added.set(g.board, mine);
      }
      const key = resultKey(g);
      if (mine.keys.has(key)) continue;
      mine.keys.add(key);
      mine.list.push(g);
      taken.add(g);
    }
    if (!taken.size) return false;
    for (const [board, { list }] of added) this.finished.set(board, list.sort(byTime).slice(-this.keepPerBoard));
    const others = [...this.finished].filter(([b]) => !this.keys.has(b)).flatMap(([, gs]) => gs).sort(byTime);
    const gone = new Set(others.slice(0, Math.max(0, others.length - this.keepResults)));
    if (gone.size) {
      for (const [board, list] of [...this.finished]) {
        const left = list.filter((m) => !gone.has(m));
        if (left.length) this.finished.set(board, left);
        else this.finished.delete(board);
      }
    }
    // (New only if one stays: games older than all a board keeps, pushed out as they came, change nothing to publish.)
    return [...this.finished.values()].some((list) => list.some((g) => taken.has(g)));
  }

  /** The boards that fell silent at `now`, marked so, to publish. */
  silence(now: number): BoardState[] {
    const out: BoardState[] = [];
    for (const b of this.boards.values()) {
      if (b.state.silent || now - b.heardAt < this.options.silentAfterMs) continue;
      b.state.silent = true;
      b.publishedAt = now;
      out.push(b.state);
    }
    return out;
  }

  /** What the room shows of `board`, if it knows it. */
  state(board: string): BoardState | undefined {
    return this.boards.get(board)?.state;
  }

  states(): BoardState[] {
    return [...this.boards.values()].map((b) => b.state);
  }

  results(): FinishedGame[] {
    return [...this.finished.values()].flat().sort(byTime);
  }
}

/** A state's fields that an advert gives. */
function gameOf(info: AdvertInfo) {
  return {
    game: info.game, players: info.scores.length, scores: info.scores, turn: info.turn, winner: info.winner, over: info.over,
    round: info.round, diag: info.diag, truncated: info.truncated, seq: info.seq,
  };
}


function sameGame(s: BoardState, info: { game: string; scores: number[]; turn: number | null; winner: number | null; round: number }): boolean {
  return s.game === info.game && s.turn === info.turn && s.winner === info.winner && s.round === info.round && s.scores.join() === info.scores.join();
}

const iso = (ms: number) => new Date(ms).toISOString();
