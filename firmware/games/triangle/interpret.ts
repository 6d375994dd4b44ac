// From debounced sensor events to flicks. A flick begins when the chip leaves
// a start spot; it is decided once the chip rests at the target angle (no
// change there for REST_MS), or, if it never arrives, ARRIVE_TIMEOUT_MS after
// it left (short, T7). All state is numbers and typed arrays made here: sense()
// and tick() allocate nothing.
import { BoardDescription } from '../../board';
import { EDGE, TRANSIT, SensorEventKind, Interpreter } from '../../sensing';
import { FlickResult, TriangleMove } from './rules';
import { triangleSensorName, ROLE_START, ROLE_EVEN, ROLE_OVER, ROLE_BEYOND } from './board';

/**
 * Quiet time at the target that means "at rest". The widest gap between two
 * sensing points is 18.5 mm (over's cover at 0.5, even's uncover at 19); a chip
 * braking at 1 m/s² (a very slick table) covers its last 18.5 mm in 192 ms.
 */
export const REST_MS = 300;
/** A chip not seen at the target this long after leaving its start spot stopped short (T7). */
export const ARRIVE_TIMEOUT_MS = 4000;
/** A chip put back on the spot it left within this time was being adjusted, not flicked. */
export const REPLACE_MS = 1000;
/** A start spot covered this long holds a placed chip; shorter is a flicker (noise, a passing hand). */
export const PLACED_MS = 100;

const RESULTS: FlickResult[] = ['perfect', 'partly', 'short', 'beyond'];
/**
 * A chip that passes covers even and over together, then beyond within this
 * time: still moving at the beyond point, it crossed the 22 mm from there in
 * at most 210 ms, even braking at 1 m/s². Stray pulses do not line up so.
 */
export const PASS_MS = 250;
/** Even and over stay covered together while the chip moves 18.5 mm: at least 13 ms at the fastest flick. */
export const PAIR_MS = 5;

export class TriangleInterpreter implements Interpreter {
  private emit: (move: TriangleMove) => void;
  /** Channel → angle * 4 + role, or -1 for a channel that is not ours. */
  private codes: Int8Array;
  /** Debounced level by angle * 4 + role. */
  private levels: Uint8Array;
  private pending = 0;
  private side = 0;
  private started = 0;
  private lastChange = 0;
  /** When even and over were last covered together, as only a chip does (-1: not in this flick). */
  private pairAt = -1;
  /** The chip reached the beyond point soon after covering even and over together: it passed the angle. */
  private passed = 0;
  /** Any target sensor changed since the flick began. */
  private active = 0;
  /** Per angle: since when a chip lies on its start spot (dropouts do not count), and when it was last uncovered (-1: never). */
  private onAt: Float64Array;
  private offAt: Float64Array;

  constructor(board: BoardDescription, emit: (move: TriangleMove) => void) {
    this.emit = emit;
    this.codes = new Int8Array(board.channels);
    this.levels = new Uint8Array(12);
    this.onAt = new Float64Array(3);
    this.offAt = new Float64Array(3);
    for (let a = 0; a < 3; a++) {
      this.onAt[a] = -1;
      this.offAt[a] = -1;
    }
    for (let ch = 0; ch < board.channels; ch++) this.codes[ch] = -1;
    for (let i = 0; i < board.sensors.length; i++) {
      const name = board.sensors[i].name;
      for (let code = 0; code < 12; code++) {
        if (triangleSensorName(code >> 2, code & 3) === name) this.codes[board.sensors[i].ch] = code;
      }
    }
  }

  sense(kind: SensorEventKind, ch: number, level: number, t: number): void {
    if (ch < 0 || ch >= this.codes.length) return;
    const code = this.codes[ch];
    if (code < 0) return;
    if (kind === EDGE) this.levels[code] = level ? 1 : 0;
    else if (kind !== TRANSIT) return;
    const angle = code >> 2;
    const role = code & 3;
    if (role === ROLE_START) {
      if (kind === EDGE) this.onStartSpot(angle, level, t);
      return;
    }
    if (!this.pending || angle !== (this.side + 1) % 3) return;
    this.active = 1;
    this.lastChange = t;
    if (!level) {
      // Even and over together for less than a chip takes to cross: stray pulses.
      if (role !== ROLE_BEYOND && t - this.pairAt < PAIR_MS) this.pairAt = -1;
      return;
    }
    if (role === ROLE_BEYOND) {
      if (this.pairAt >= 0 && t - this.pairAt <= PASS_MS) this.passed = 1;
    } else if (this.levels[(code & ~3) + (role === ROLE_EVEN ? ROLE_OVER : ROLE_EVEN)]) {
      // Even and over covered at once: a chip. Its trailing edge's chatter does not restart the pair.
      if (this.pairAt < 0 || t - this.pairAt > PASS_MS) this.pairAt = t;
    }
  }

  tick(t: number): void {
    if (!this.pending) return;
    for (let a = 0; a < 3; a++) {
      // A chip placed for the next flick: the last one is over, whatever the chip did.
      const since = this.onAt[a];
      if (this.levels[a * 4 + ROLE_START] && since > this.started && t - since >= PLACED_MS) {
        // Back on the spot it just left, unseen at the target: an adjustment, not a flick.
        if (a === this.side && !this.active && since - this.started < REPLACE_MS) this.pending = 0;
        else this.decide();
        return;
      }
    }
    if (this.arrived()) {
      if (t - this.lastChange >= REST_MS) this.decide();
    } else if (t - this.started >= ARRIVE_TIMEOUT_MS) {
      this.decide();
    }
  }

  /** Decides a pending flick now, from what the sensors show. The runtime calls it before a referee's move. */
  settle(): void {
    if (this.pending) this.decide();
  }

  /** Whether a flick is waiting for its chip to rest. */
  busy(): boolean {
    return this.pending === 1;
  }

  private onStartSpot(angle: number, level: number, t: number): void {
    if (level === 0) {
      this.offAt[angle] = t;
      const since = this.onAt[angle];
      if (since < 0 || t - since < PLACED_MS) {
        this.onAt[angle] = -1; // a flicker, not a placed chip leaving
        return;
      }
      // The chip leaves a start spot: a flick along the side from that angle.
      if (this.pending) this.decide();
      this.pending = 1;
      this.side = angle;
      this.started = t;
      this.lastChange = t;
      this.pairAt = -1;
      this.passed = 0;
      this.active = 0;
    } else {
      // A dropout shorter than PLACED_MS leaves the chip lying where it lay since before.
      if (this.onAt[angle] < 0 || t - this.offAt[angle] >= PLACED_MS) this.onAt[angle] = t;
      // Covered again at once: the chip never went, the edge dropped out.
      if (this.pending && angle === this.side && t - this.started < PLACED_MS) this.pending = 0;
    }
  }

  /** At rest at the target: something covered there, or it went past. One noise pulse is neither. */
  private arrived(): boolean {
    const base = ((this.side + 1) % 3) * 4;
    return this.passed === 1 || (this.levels[base + ROLE_EVEN] | this.levels[base + ROLE_OVER] | this.levels[base + ROLE_BEYOND]) !== 0;
  }

  private decide(): void {
    const base = ((this.side + 1) % 3) * 4;
    let result: number;
    if (this.levels[base + ROLE_OVER]) result = 1; // straddles the line: partly over
    else if (this.levels[base + ROLE_EVEN]) result = 0; // within 3 mm short, nothing over: perfect
    else if (this.levels[base + ROLE_BEYOND] || this.passed) result = 3; // wholly past
    else result = 2; // never there, never past: short (T7)
    this.pending = 0;
    this.emit({ k: 'flick', r: RESULTS[result], s: this.side });
  }
}
