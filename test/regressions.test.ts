// Regression scenarios (scenarios/regression-*.jsonl): each replays a case
// that once changed a game's score without anyone playing it (issue 25, and
// what the chaos harness found since), and must now end as the same scenario
// without the lines that caused it: its power cuts, or a phone line the board
// must refuse.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replay } from '../sim/replay';
import { ROOT } from '../tools/games';

/**
 * What each scenario is played without for its expected end (power lines unless named here; null: no such
 * comparison), its scores when known, and with `before` the scores the game in play ended with when a `new` came.
 */
const CASES: Record<string, { without?: RegExp | null; seen?: [string, string]; like?: [string, string]; scores?: number[]; before?: number[]; shifted?: number; told?: RegExp }> = {
  // Normal play the fault check once took for a fault (hostile round 3), with `like`: ends as the same play told
  // otherwise, and no fault is told. A ball that comes to rest over a fort's mouth (a switch held, as a stuck one
  // is) in the stroke that took FA1 and lies there: that stroke's F11 and the game's every score as without it.
  'regression-fortress-ball-resting-in-mouth': { like: [',{"ball":"ED2","rests":"ER2"}', ''], scores: [20, 4] },
  // A triangle chip that drifts across its lane (a spun chip curls) and rests partly over C's line, over the over
  // point, having never covered even: partly (1, T3), as the same chip come straight to the same place.
  'regression-triangle-drifting-chip': { like: [',"sideMm":13.5,"driftDeg":-11', ''], scores: [27, 26] },
  // A stroke's record cut just before its newline: the resync after it never completes it (item 1).
  'regression-fortress-torn-record': { scores: [20, 4] },
  // A phone's hand of happenings the board cannot read is refused, and later strokes are scored (item 2).
  'regression-fortress-bad-hand': { without: /"hand"/, scores: [20, 4] },
  // A stroke undone, then a cut at rest: no stroke is made of where the balls lie (item 4).
  'regression-fortress-undo-then-cut': { scores: [2, 0] },
  // A cut while a stroke's record is saved, 8 s after its bell: the stroke is decided again at power-up (item 5).
  'regression-fortress-cut-while-saving': { scores: [20, 4] },
  // `new` while a stroke or a flick is under way: it is decided into the game in play, and the new game starts at
  // zero (item 3). The flick, stopped 1 mm short of the line (even, T7: 3), was once decided as it lay at the `new`,
  // before it reached the angle (short: 1); `new` now waits for it (hostile round 8, below).
  'regression-fortress-new-mid-stroke': { without: null, scores: [0, 0], before: [2, 0] },
  // Found by the hostile tester (round 38): a change is told at a scan tick after the move's, and a command in the same
  // piece of data changed the game first: the winning ring and a `new` in one write, the win never told (no state of
  // it, no over); a flick and `diag on`, its state told only once diagnostics ended. A command tells what is left to
  // tell before it acts.
  'regression-ringapeg-win-then-new-in-one-write': { without: null, scores: [0, 0], before: [200, 0], told: /"type":"over","winner":0,"scores":\[200,0\]/ },
  'regression-triangle-flick-then-diag-in-one-write': { without: /"diag"/, told: /^\{"t":10\d\d,"phone":\{"type":"state".*"scores":\[3,0\]/ },
  'regression-triangle-new-mid-flick': { without: null, scores: [0, 0, 0], before: [3, 0] },
  // Found by the hostile tester (round 8): `new` while a move that takes time to end was under way decided it at
  // once: a sliding shuffleboard weight taken as gone in the old game and counted as the new game's first throw
  // (4-11 for 11-4), a fortress stroke split between the games after its ball left its spot (4-22 for 20-4). `new`
  // waits for the move to end, decided into the game in play: the new game plays as the rules say.
  'regression-shuffleboard-new-while-weight-slides': { without: null, scores: [11, 4] },
  'regression-fortress-new-after-ball-left-spot': { without: null, scores: [20, 4] },
  // Issue 31: a `new` while red1 slides, and throws that keep coming (the end's seven, then one off the end every
  // 2 s until 70 s, each launched as the one before is decided): the board was never still, and the `new` waited
  // until 75.5 s, then ended the game played meanwhile (0-5 for 0-0). It waits a minute at most (NEW_WAIT_MS), then
  // is refused (`moving`): the game goes on as without it.
  'regression-shuffleboard-new-while-throws-keep-coming': { without: /"cmd":"new"/, scores: [0, 5] },
  // (The same for a Ring-a-Peg ring that missed every peg, still bouncing: its miss was the new game's, 160-110 for
  // 200-70.)
  'regression-ringapeg-new-while-missed-ring-bounces': { without: null, scores: [200, 70] },
  // Found by the hostile tester (round 8): a phone's diagnostics visit over blue3's launch, kept while throw 5's
  // weights were found: the launch went unseen, the end never scored (0-0). Diagnostics are refused while a move is
  // under way (`moving`): the game ends as without the visit, 5-0.
  'regression-shuffleboard-diag-visit-over-kept-launch': { without: /"diag"/, scores: [5, 0] },
  // Found by the chaos bench (round 30, CHAOS_SEED=425770): blue4 hanging at d 10 (y 320), red3 65 mm from it, is
  // placed to 4 mm (u 4): the board puts it to the referee (docs/games/shuffleboard.md, How close is too close to
  // tell) and waits; the harness, which had no referee, took the wait for a 0-0 end. Answered where it lies: 0-4 (S7).
  'regression-shuffleboard-hanger-beside-weights-asks': { without: null, scores: [0, 4] },
  // (The same bench with the harness's referee answering by name: red2 knocks red1 off and hangs where it hung
  // (d 10); the board, which cannot tell two reds apart, shows the hanger as red1 and red2 off, and asks about red1.
  // The referee places the red weight he sees where the board shows red1, 4-0 (S7); by name he took it off, 0-6.)
  'regression-shuffleboard-hanger-knocked-off-by-own-colour-asks': { without: null, scores: [4, 0] },
  // Found by the hostile tester: a ring that missed every peg (still bouncing, or off a peg top) and the next
  // player's ring landing on i1 0.7-0.9 s later: the landing took the miss's shocks as its own, and i1 was scored for
  // the player who missed. The miss is that player's ring played (R2); i1 is the next player's, 10.
  'regression-ringapeg-miss-then-quick-ring': { without: null, scores: [0, 10] },
  'regression-ringapeg-glancing-miss-then-quick-ring': { without: null, scores: [0, 10] },
  // Found by the hostile tester (round 26): an `undo` (id 5) whose `ok` the phone missed, a `state` (as a phone asks
  // once it is back), then the same `undo` again: the read between made the board forget the undo it had carried out,
  // and the retry undid a second move (1-0 for 4-0). A read leaves the last change remembered: the retry is told `ok`.
  'regression-triangle-retry-after-state': { without: /"cmd":"state"/, scores: [4, 0] },
  // Found by the hostile tester (round 26): Bo's ring misses every peg and, still bouncing, an undo (the phone's, or a
  // held mode): the board took back Ann's ring before it, and the miss, decided after, counted as Ann's (0-0), a cut
  // then losing it too. The undo is refused (`deciding`) till the miss is told: it stands, 10-0, cut or not.
  'regression-ringapeg-undo-while-miss-bounces-then-cut': { scores: [10, 0] },
  'regression-ringapeg-mode-undo-while-miss-bounces': { without: /"button"/, scores: [10, 0] },
  // (The same round's second look: refusing while any gate waited for its other, a gate chattering at 3 Hz, below
  // what the fault check counts, each break waiting anew, had every undo refused for as long as it lasted. Only a
  // ring that missed, bouncing, holds inputs back: the undo takes Ann's ring back, 0-0.)
  'regression-ringapeg-undo-while-gate-chatters': { without: null, scores: [0, 0] },
  // Found by the hostile tester (round 26): the impact switch floating between rings, told, then a cut: the miss its
  // spells began was saved as under way with nothing to close it, and played at power-up (25-20 for 30-15).
  'regression-ringapeg-floating-impact-then-cut': { scores: [30, 15] },
  // Found by the hostile tester (round 26): Bo's ring on Ann's taken back, then taken off i1 by hand as the game's page
  // said: the board read Ann's ring lifted (R7) and Bo's next ring went to Ann. The page now says to undo that lift
  // too: 10-0, and Bo's next ring (o3) is his, 10-5.
  'regression-ringapeg-undo-then-ring-taken-off': { without: null, scores: [10, 5] },
  // Found by the hostile tester (round 26): a grid sensor drifting 0.04% a second from 6 s, beside no weight: some 1.5%
  // off half the supply by the clear at 55 s, where the rows counted it as a weight's field (more than 3 255ths) while
  // the fault check tells a sensor that moved alone from 6 255ths: the clear was missed, end 2's throws refused, and
  // end 3 scored as end 2 (4-7 for 11-4). A field is counted from 6 255ths too (SOME): the clear is seen, the drift
  // told later, 11-4.
  'regression-shuffleboard-slow-drift-before-clear': { without: /"fault"/, scores: [11, 4] },
  // Found by the chaos harness: a cut while a short throw's decision was saved, and the next throw launched just
  // after power-up: it is the next throw, not the resumed one's weight passing another group.
  'regression-shuffleboard-throw-after-power-up': {},
  // Found by the chaos harness: after a cut at rest, the board's count of an end's throws began again at zero, so
  // the next throws looked thrown by the other colour's player: reported as an inverted grid, and a throw lost.
  'regression-shuffleboard-throws-after-power-up': {},
  // Noticed by the hostile tester (round 4): four undos early in end 2 (its two throws, the clear, end 1's eighth)
  // while end 2's weights lie on the table, then a throw: end 1 was scored from end 2's table (its 3 points, red's
  // weight at 100 mm, S8, gone; blue's hanger of end 2 scored 4 in end 1). The clear is not undone while weights
  // lie on the table: end 1 stands as the page scores it, 3-0.
  'regression-shuffleboard-undo-clear-under-next-end': { without: null, scores: [3, 0] },
  // Noticed by the hostile tester (round 6, issue 28): red1 stops on the foul line (short, out: S4), blue1's throw
  // (short too) knocks it down to 32 mm, five throws go off the end, blue4 hangs: blue 4 (S7). The board took red1,
  // knocked into play, for red2's throw (blue1's taken as missed), scored the end after the seventh throw (red 3) and
  // refused the eighth: 3-0.
  'regression-shuffleboard-short-weight-knocked-in': { without: null, scores: [0, 4] },
  // Issue 28, the cases the board could not tell (each scored by the page, and the referee's word where it asks).
  // Red1 short on the foul line at 1808 mm; red2 thrown onto it stops short behind it, at 1850, farther from the end
  // edge than red1 could be knocked: red2's, so the red come in at 100 is red1, out (S4), and blue1 at 300 scores 1.
  // The board took the red at 100 for red2's throw: red 3.
  'regression-shuffleboard-short-weight-knocked-in-by-own-throw': { without: null, scores: [0, 1] },
  // The same, red2 stopping at 1806, where red1 nudged on could lie: the board cannot tell which red is in play and
  // asks about red2; the referee takes it out (d -1).
  'regression-shuffleboard-short-weight-knocked-in-by-own-throw-asks': { without: null, scores: [0, 1] },
  // Red1 short at 2000 mm, beyond the grid, unseen; blue1's throw knocks it in to 100 and stops beyond the grid too.
  // The board took blue1 for a missed throw and the red for red2's, then refused the eighth throw. It cannot tell the
  // knock from a launch it missed (red1 out, or red2 in play): it asks about the red; the referee takes it out: blue 1.
  'regression-shuffleboard-knocked-in-from-beyond-grid-asks': { without: null, scores: [0, 1] },
  // Red1 at 1800 mm, on the foul line (short, S4): the board cannot tell it from one at 1799, in play; knocked in to
  // 100 by blue1, it was scored 3. Now asked about.
  'regression-shuffleboard-foul-line-weight-knocked-in-asks': { without: null, scores: [0, 1] },
  'regression-shuffleboard-foul-line-weight-asks': { without: null, scores: [0, 0] },
  // Noticed by the hostile tester (round 7): a cut in the writes at throw 5's decision, after its `seen` and before
  // the begin record of the three throws launched while it was decided: the three were forgotten, the end never
  // scored. The `seen` carries them: resume 3, the end asked about and scored 5-0 as without the cut.
  'regression-shuffleboard-cut-between-seen-and-kept-launches': { scores: [5, 0] },
  // Noticed by the hostile tester (round 7): throws under way at a cut (two launched while throw 5 was decided), and
  // red4 launched while the board was starting, onto the grid after power-up; or red4 launched during a 50 ms cut
  // while throw 5 was decided, blue4 after power-up. The board decided the throws under way with red4's weight
  // among them, a throw short: the end never scored. A weight more of the next side is that throw, unseen (4-0, 5-0).
  'regression-shuffleboard-throw-while-starting-with-kept-throws': { scores: [4, 0] },
  'regression-shuffleboard-cut-as-kept-weight-launched': { scores: [5, 0] },
  // The same with one throw under way (red2's hanger in doubles, a cut while it was decided) and blue3 launched while
  // the board was starting: every throw after was one behind, ends scored for the wrong throws, 2-7 for 22-3.
  'regression-shuffleboard-throw-while-starting-after-throw-under-way': { scores: [22, 3] },
  // Noticed by the hostile tester (round 7): an undo after three throws decided together (one `seen`, n 3) takes back
  // all three, the end then three throws short: the phone is told so (below), the end is not scored (0-0).
  'regression-shuffleboard-undo-after-kept-throws': { without: null, scores: [0, 0] },
  // Noticed by the hostile tester (round 7): the referee's `place` (or `undo`) 0.6 s after red's hanger was launched,
  // kept while throw 5's weights were found: the throws kept were decided at once as the table lay, the hanger not
  // yet on the grid taken as gone (0-3). Throws kept whose weights may still slide are decided after the command
  // (4-0), and an undo meanwhile is refused (`sliding`): either ends as without it.
  'regression-shuffleboard-place-as-kept-weight-slides': { without: /"place","i":0/, scores: [4, 0] },
  'regression-shuffleboard-undo-as-kept-weight-slides': { without: /"undo"/, scores: [4, 0] },
  // Found by the hostile tester (round 8): blue4's hanger launched while the throws kept were followed, the referee's
  // `place` once they are decided (40.15 s; the hanger still sliding), then a cut: the `place` record ended the throw
  // under way in the log, so the power-up forgot it (0-0). A referee's move saved while a throw is under way carries
  // it (`b`): 0-4. (After the cut the three kept throws are decided together, the two blues' names may swap and the
  // hanger be asked (u 4): the referee places blue3 and blue4 where they lie, which changes nothing uncut.)
  'regression-shuffleboard-place-as-hanger-launched-then-cut': { scores: [0, 4] },
  // Found by the hostile tester (round 7): round 6's entry sensor stuck just after red2's launch, with a 300 ms cut
  // 15 s before: the check a second, its phase moved by the power-up, fell between the decision's own check taking
  // the sensor out and its look at whether that was the weight come in, and found the weights again at once: red2's
  // hanger, not yet on the grid, was taken as off the table (18-3). It waits for its weight: 22-3, as without the cut.
  'regression-shuffleboard-entry-sensor-stuck-after-cut': { scores: [22, 3] },
  // Found by the hostile tester (round 8): the same fault with red2 launched 80 ms (or 0.21 s) after a power-up that
  // resumed throw 3, or a side sensor stuck so 0.1 s after one: the launch decides throw 3, the check a second takes the
  // sensor out as its weights are found, and they were found again in the grid read anew, red2's weight sliding
  // through it taken for one of them: two throws decided together (19-3), or hangers asked that need no question (the
  // end waits: 0-0). The frame read already is fitted again, without the sensor: 22-3.
  'regression-shuffleboard-entry-sensor-stuck-at-launch-after-power-up': { scores: [22, 3] },
  'regression-shuffleboard-entry-sensor-stuck-at-launch-after-power-up-asks': { scores: [22, 3] },
  'regression-shuffleboard-side-sensor-stuck-at-launch-after-resume': { scores: [22, 3] },
  // Found by the hostile tester (round 7): `regression-shuffleboard-launches-while-locating` with another draw of the
  // parts (seed 5): a weight found first, left out of the centre weight's fit (five near), kept a share of its field,
  // and phantoms filled what that left: throw 5 decided 34 s after its launch, all five asked, the end never scored
  // (0-0). Decided in 17 s; blue1 and red3, level within the resolution, seen sure enough not to be asked; 5-0.
  'regression-shuffleboard-launches-while-locating-seed5': { without: null, scores: [5, 0] },
  // Found by the hostile tester (round 9), with `shifted`: ends as the same play that many ms earlier, and no fault is
  // told. A fortress board left on 24.86 days (2^31 ms) before its game told every mouth passage stuck and scored
  // nothing (0-0): its times wrapped as 32-bit integers. A shuffleboard board whose uptime passes 2^31 ms during an
  // end followed no row's change after it, decided the last throw late and refused the referee's `place` (0-0).
  'regression-fortress-left-on-25-days': { without: null, shifted: 2148000000, scores: [20, 4] },
  'regression-shuffleboard-left-on-25-days': { without: null, shifted: 2147455898, scores: [0, 2] },
  // Found by the hostile tester (round 9): a phone's diagnostics visit while a stroke's ball rolled (EA off its spot,
  // into FA2 during the visit) or a triangle chip slid (to the target, perfect, during the visit): the rest of the move
  // went unseen, its points lost untold (2-16, 97-68). Every board refuses a visit while a move is under way (`moving`).
  'regression-fortress-diag-visit-while-ball-rolls': { without: /"diag"/, scores: [20, 4] },
  'regression-triangle-diag-visit-while-chip-slides': { without: /"diag"/, scores: [99, 68] },
  // The same, the move begun during the visit (the board saw nothing of it before): not scored, as nothing is in
  // diagnostics, and the phone was told nothing (0-14, 98-68). Back in the game it is told (`told`: `unscored`), and
  // the referee enters the move: the game ends as without the visit.
  'regression-fortress-diag-visit-over-stroke-told': { without: /"diag"|"cmd":"stroke"/, told: /"type":"flag","message":"sensors changed in diagnostics/, scores: [20, 4] },
  'regression-triangle-diag-visit-over-flick-told': { without: /"diag"|"cmd":"flick"/, told: /"type":"flag","message":"sensors changed in diagnostics/, scores: [99, 68] },
  // Found by the hostile tester (round 9): a phone's `new` (the triangle's for three named players; shuffleboard's
  // waiting for a weight sliding, decided first) and a cut in its writes just after the log was erased: the board
  // came up in a game of its own settings, 0-0, the old game lost untold. The setup is kept whole beside the log
  // before it is erased: a cut before that leaves the game in play, as without the `new`.
  'regression-triangle-cut-as-new-saved': { without: /"power"|"cmd":"new"/, scores: [13, 16] },
  'regression-shuffleboard-cut-as-waiting-new-saved': { without: /"power"|"cmd":"new"/, scores: [4, 0] },
  // Found by the hostile tester (round 9): a `new` (id n1) with a bad option, waiting for a weight sliding: its
  // `bad_arg` came 3.3 s later without its id. A fortress `new` (id 1) waiting for a stroke, and a diagnostics visit
  // (id 2) a second later: the visit began, the `new` was dropped (told `not_now` without its id; 6-4 played on). The
  // visit is refused (`moving`, id 2) and the new game starts (0-0); a waiting command's refusal carries its id.
  'regression-shuffleboard-waiting-new-refused-with-its-id': { without: null, told: /"code":"bad_arg","message":"bad target","id":"n1"/, scores: [4, 0] },
  'regression-fortress-diag-visit-while-new-waits': { without: null, told: /"code":"not_now","message":"a move is still under way[^"]*","id":2/, scores: [0, 0] },
  // Found by the hostile tester (round 9): nine ends of shuffleboard (72 throws) fill its log's one chunk (4,064
  // bytes) at the 52nd throw; a cut at 410 s then loses the throws not saved (flagged `not_saved` as they came, as
  // docs/saving.md says): the board decides the throw under way from end 8's table and ends 29-12 (33-12 uncut). The
  // simulator once gave every log 40 KB, so no replay met a full log.
  'regression-shuffleboard-nine-ends-log-full': { without: null, scores: [29, 12] },
  // Found by the hostile tester (round 9): an undo whose record fills the log to the byte (the scenario's log room,
  // 332 bytes) was refused (`not saved`, as Espruino's write throws after writing it whole), yet stood in the log and
  // was made at the power-up. It is saved, so made at once: the game ends as without the cut (and the ring thrown
  // at 21 s, while the board was starting).
  'regression-ringapeg-undo-filling-log-to-the-byte': { seen: ['{"t": 21000, "do": "snap", "peg": "o2"}', ''], scores: [55, 30] },
  // Found by the hostile tester (round 11), in the simulator: two perfect flicks, the phone's `undo` (the display
  // shows BC to flick) or `off` (player 1 to flick along AB, T8), a cut, and a flick line while the board is starting.
  // The simulated player reckoned the side from his own last flick, not the game he saw after the undo or off: the
  // chip went on CA, flagged (T2), the flick lost (3-0). He goes on from what the board showed before the cut: the
  // flick scores as without the cut (T3: 6-0, 3-3).
  'regression-triangle-undo-seen-before-cut': { scores: [6, 0] },
  'regression-triangle-off-seen-before-cut': { scores: [3, 3] },
  // Found by the chaos harness: `new` with the balls on their spots, a stroke, a cut, then undo: the new game took
  // the table as it lies at once, so power-up finds nothing to add, and the undo takes back the stroke.
  'regression-fortress-new-then-cut-then-undo': {},
  // Found by the chaos harness: `new` with a ball off its spot, then a cut at rest: the new game took the table as it
  // lies, and so does the power-up after (its setup record says so), instead of making a stroke of that ball.
  'regression-fortress-new-off-spot-then-cut': {},
  // Found by the chaos harness: an undo takes back a move but not the table, and at power-up the board set what it
  // found against the game, not against the table as it lay: a hand move taken back (colours down), or a stroke's
  // ball holed, came back as a hand move, which the next undo took back instead of the stroke (item 4).
  'regression-fortress-undo-hand-then-cut': {},
  'regression-fortress-undo-holed-then-cut': {},
  // Found by the hostile tester (round 11): E passes (0-0), F misses; E takes FA1 (+4, F11), holes FD1 (+2, F28) and
  // sends ED1 into FR1, out of order (F34): F32, −2 for the whole stroke instead, and the fort is not taken. F misses;
  // E puts his balls back and takes FA2 (+4): 2-0. The board kept FA1 taken and F12 took back its 4, never given: -2.
  'regression-fortress-f32-fault-fort-not-taken': { without: null, scores: [2, 0] },
  // Found by the hostile tester (round 11): E's stroke into FA1 with its bell (+4, F11), struck with EA lying off its
  // spot 0.1 s after a cut: the board saw none of it, and the page said to enter it with `fix`, which rewrote F's miss
  // before it (F's +6, F25). The page now says: `fix` when the phone's `last` is that stroke, else `stroke`: 4-0.
  'regression-fortress-stroke-unseen-in-cut-entered-with-stroke': { without: null, scores: [4, 0] },
  // Found by the hostile tester (round 11): the referee's `over FD1` 0.9 s into E's stroke that took FA1 ended the
  // stroke there (F32, 6-0); FD1 leaving its spot after was a stroke of its own, F12 took FA1's 4 and the turn passed
  // (2-0). The page tells referees to mark once the balls are still, and to undo such a stroke: 6-0, E to strike.
  'regression-fortress-over-while-balls-roll-then-undo': { without: null, scores: [6, 0] },
  // Found by the power sweep: a cut 1 s into a stroke, while its ball rolled to a pocket: at power-up the board
  // found the ball gone from its spot (a stroke begun), and the referee's `blind` hit that came before that stroke
  // was over was refused. A referee's command now ends it first; the game is the one without the passage the board
  // could not see (the ball left its spot, and the phone heard `restored`).
  // Found by the hostile tester (round 11): an undo that brought the game's end back (the win, `off`, then the `off`
  // undone) told the phone no `over`, only a state with the winner; and a second `new` sent while the first waited
  // for a chip to come to rest was `ok`'d and then dropped untold. The end is told again at the undo; the second
  // `new` is refused at once (`moving`, its id), and the first starts the game it asked for.
  // Found by the hostile tester (round 11): a referee's input (a phone's `flick`, `fix`, `off`, `undo`, or a button)
  // in the half second a chip slides decided its flick at once, short (1), and the chip's arrival went unheard (7-0
  // for 9-0). It is refused (`deciding`) until the flick is told, and the game ends as without it.
  'regression-triangle-referee-input-while-chip-slides': { without: /"phone"/, scores: [9, 0], told: /"code":"not_now","message":"a flick is being decided[^"]*","id":1/ },
  'regression-triangle-next-while-chip-slides': { without: /"button"/, scores: [9, 0], told: /"type":"flag","message":"a flick is being decided/ },
  'regression-triangle-undo-brings-back-win': { without: null, scores: [99, 0], told: /^\{"t":109\d\d\d,"phone":\{"type":"over","winner":0,"scores":\[99,0\]\}/ },
  'regression-triangle-second-new-while-first-waits': { without: null, scores: [0, 0, 0], told: /^\{"t":610\d,"phone":\{"type":"error","code":"not_now","message":"a move is still under way[^"]*","id":2\}/ },
  // A phone that missed the reply sends the same line again (its id too): answered `ok`, carried out once.
  'regression-triangle-flick-sent-again': { without: /"t":(2600|6500),/, scores: [4, 0], told: /^\{"t":260\d,"phone":\{"type":"ok","cmd":"flick","id":5\}\}$/ },
  // Found by the hostile tester of the undo read back a record a tick (round 15), each in a log of a long game:
  // - a second `undo` sent while the first read the log back was refused, but only after it had decided the stroke
  //   under way (its balls still rolling) at once: the stroke split in two, 0-0 for 0-4. Now refused first;
  'regression-fortress-second-undo-while-stroke-rolls': { without: /"id":10\}/, scores: [0, 4] },
  // - a ring snapped as the undo read the log back waited in memory, and a cut before the undo was told lost it
  //   (Ring-a-Peg writes no begin record for a ring): now the rest is read back at once, and the snap saved;
  'regression-ringapeg-snap-then-cut-while-undo-reads-back': {},
  // - a throw decided while the undo read back waited, and its record, written after, ended the throw launched
  //   meanwhile: a cut then forgot that one (a log longer than a board's, logBytes);
  'regression-shuffleboard-throws-while-undo-reads-back-then-cut': {},
  // - a flick while the undo read back waited, untold, so the next was flicked along the side the board still
  //   showed and refused: both count as if the undo had been told before them.
  'regression-triangle-flicks-while-undo-reads-back': { like: ['"t":79000,"phone":{"cmd":"undo"', '"t":76000,"phone":{"cmd":"undo"'], scores: [15, 17] },
  // Found by the hostile tester (round 16): a hole's pocket was read as whatever followed its `.`, so the referee's
  // `over` of a ball named `FD.` (made `FD.~`: FD holed in pocket `~`, F28) and a `fix` with `FD.9` or `FD.banana`
  // were played, under the wrong article, and the game's end changed (6-22, won, for 20-4). A pocket is 1 to 6: the
  // phone is refused, and the game ends as without those lines.
  'regression-fortress-malformed-happenings': { without: /"phone"/, scores: [20, 4], told: /"code":"not_now","message":"not a stroke the board knows[^"]*","id":1\}/ },
  // Found by the hostile tester (round 37), against a rule since taken back that refused an end's first throw seen
  // among more weights than it: an end's first throw that comes to rest while the board is off (unseen), or whose
  // undo leaves its weight lying, and the end goes on: each later throw was refused, the end lost (0-0). The end is
  // scored as without the cut, or the undo: red 4 (S8, S9).
  'regression-shuffleboard-end-first-throw-rests-in-power-cut': { scores: [4, 0] },
  'regression-shuffleboard-undo-end-first-throw-weight-left': { without: /"undo"/, scores: [4, 0] },
  'regression-fortress-cut-mid-stroke-then-blind': { seen: ['{"ball":"FD","into":"pocket","pocket":3}', '{"ball":"FD1","offSpot":true}'], scores: [0, 8] },
  // Found by the power sweep every 7 ms (hostile round 48): a cut 196 ms into the first stroke, the board up 4 ms after
  // the pass's low switch let go under EA and before its high one tripped. The high switch alone was told as chatter
  // and taken out of service, and the stroke ran on into the next player's (the turns one out after it). A passage
  // first seen within 40 ms of power-up is now half seen, as one under way then: EA's pass is unseen, its leaving its
  // spot found at power-up, and no sensor is told faulty.
  'regression-fortress-pass-tail-at-power-up': { seen: ['{"ball":"EA","pass":true}', '{"ball":"EA","offSpot":true}'], scores: [-2, -2] },
  // Hostile round 48, against the first version of that change, which read every passage first seen within 40 ms
  // of a new game as half seen too: EA into pocket 2 20 ms after a `new` was dropped, nothing told (the board had
  // watched the switches until the new game: it reads such a passage); a switch stuck active just after a `new` was
  // never told stuck; and a switch floating just after a power-up, taken out of service, kept its passage's half-seen
  // mark, which dropped the next ball through its mouth once it was back (EA's entry into FA1, 46 s later).
  'regression-fortress-pocket-just-after-new': { without: null, scores: [-2, 0] },
  'regression-fortress-stuck-just-after-new': { without: null, told: /"fault":"stuck","ch":20,/, scores: [6, 0] },
  'regression-fortress-float-at-power-up-then-entry': { told: /"points":4,"rule":"F11"/, scores: [6, 0] },
};

const FILES = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.startsWith('regression-')).map((f) => f.replace(/\.jsonl$/, '')).sort();

/** How a replay's lines end: the final scores, winner and turn. */
function endOf(lines: string[]): { scores: number[]; winner: number | null; turn: number } {
  const final = JSON.parse(lines[lines.length - 1]).final;
  return { scores: final.scores, winner: final.winner, turn: final.turn };
}

function ending(text: string): { scores: number[]; winner: number | null; turn: number } {
  return endOf(replay(text).lines);
}

describe('regression scenarios: a cut or a bad line changes no score', function () {
  this.timeout(60000);
  it('every case named in this test is a scenario, and every scenario is checked', () => {
    for (const name of Object.keys(CASES)) assert.ok(FILES.includes(name), `scenarios/${name}.jsonl`);
  });
  for (const name of FILES) {
    const c = CASES[name] || {};
    it(`${name}: ends as ${c.shifted ? 'the same play played that much earlier, no fault told' : c.without === null ? 'the rules say' : c.like ? 'the same play told otherwise, no fault told' : c.seen ? 'without what the board could not see, and the phone is told' : c.without ? 'without the line the board refuses' : 'without its power cuts'}`, () => {
      const text = readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8');
      const without = c.without === undefined ? /"power"/ : c.without;
      // (Replayed once: the scenario's lines, checked below.)
      const played = replay(text).lines;
      const got = endOf(played);
      // What the phone heard, in order.
      const phones = played.map((l) => JSON.parse(l).phone).filter((p) => p);
      if (c.shifted) {
        const lines = text.trim().split('\n').map((l) => JSON.parse(l));
        assert.deepEqual(got, ending([lines[0], ...lines.slice(1).map((l) => ({ ...l, t: l.t - c.shifted! }))].map((l) => JSON.stringify(l)).join('\n')));
        assert.ok(!played.some((l) => /"type":"(fault|error)"/.test(l)), 'no fault or refusal told');
      } else if (c.like) {
        assert.deepEqual(got, ending(text.replace(c.like[0], c.like[1])));
        assert.ok(!played.some((l) => /"type":"fault"/.test(l)), 'no fault told');
      } else if (c.seen) {
        assert.deepEqual(got, ending(text.split('\n').filter((l) => !/"power"/.test(l)).join('\n').replace(c.seen[0], c.seen[1])));
        assert.ok(played.some((l) => /"type":"restored"/.test(l)), 'the phone heard restored');
        assert.ok(!played.some((l) => /"type":"fault"/.test(l)), 'no fault told');
      }
      else if (without) assert.deepEqual(got, ending(text.split('\n').filter((l) => !without.test(l)).join('\n')));
      if (c.scores) assert.deepEqual(got.scores, c.scores);
      if (c.told) assert.ok(played.some((l) => c.told!.test(l)), `the phone is told ${c.told}`);
      if (c.before) {
        // The last state the phone heard of the game in play before the new one's.
        const states = phones.filter((p) => p.type === 'state');
        const fresh = states.findIndex((p, i) => i > 0 && p.scores.every((x: number) => x === 0) && p.scores.length === c.scores!.length && states[i - 1].scores.some((x: number) => x !== 0));
        assert.ok(fresh > 0, 'the new game was told');
        assert.deepEqual(states[fresh - 1].scores, c.before);
      }
      // An undo tells the move it took back: throws decided together are one move, undone together.
      if (name === 'regression-shuffleboard-undo-after-kept-throws') {
        const undone = phones.filter((p) => p.type === 'undone');
        assert.deepEqual(undone.map((p) => [p.move.k, p.move.n]), [['seen', 3]]);
      }
      if (name === 'regression-shuffleboard-waiting-new-refused-with-its-id') {
        const replies = phones.filter((p) => p.type === 'ok' || p.type === 'error');
        assert.deepEqual(replies.map((p) => [p.type, p.code, p.id]), [['ok', undefined, 'n1'], ['error', 'bad_arg', 'n1']]);
      }
      // What the phone hears at a power-up names a move under way only when there is one.
      for (const phone of phones) {
        if (phone.type === 'restored' && phone.resume !== undefined) assert.ok(typeof phone.resume === 'string' || phone.resume >= 0, JSON.stringify(phone));
      }
    });
  }
});

/** A hostile tester's reproduction (test/hostile-findings/NAME.jsonl). */
function hostile(name: string): string {
  return readFileSync(join(ROOT, 'test', 'hostile-findings', name + '.jsonl'), 'utf8');
}

/** A describe of hostile reproductions, each ending with the scores the rules give. */
function endAsTheRulesSay(title: string, cases: [string, number[]][]): void {
  describe(title, function () {
    this.timeout(60000);
    for (const [name, scores] of cases) it(`${name}: ends ${scores.join('-')}`, () => assert.deepEqual(ending(hostile(name)).scores, scores));
  });
}

// Found by the hostile tester (round 29) against changes then taken back: each must end as the rules say, which the
// changes did not (test/hostile-findings/README.md, round 29).
endAsTheRulesSay('hostile round 29: a changed rule that doubled or invented a point stays taken back', [
  // A defending ball through a fort's mouth, its sensitive switch's crimp dropping it out for 10 ms: one entry (6-0),
  // where a passage ended 8 ms after its switches let go made two (12-0).
  ['29-fortress-crimp-dropout-doubles-prisoner', [6, 0]],
  // Two grid sensors' blips after a power cut: no throw (11-4), where the 4-row rule made one (4-0, not won).
  ['29-shuffleboard-two-blips-after-power-cut', [11, 4]],
]);

// Found by the hostile tester (round 30) against this session's changes, two taken back and one mended: each ends as
// the rules say, which the changes did not (test/hostile-findings/README.md, round 30).
endAsTheRulesSay('hostile round 30: what a changed rule lost or invented ends as the rules say', [
  // A defending ball holed while its side's three spots read covered (a spot switch stuck active, or a ball at rest
  // on another's empty spot): a passage (2-0, 2-2 ...), where taking it for no ball's told a sound switch chatter
  // and dropped the stroke.
  ['30-fortress-stuck-spot-pocket-told-chatter-holing-lost', [2, 0]],
  ['30-fortress-ball-on-empty-spot-pocket-told-chatter-holing-lost', [2, -2]],
  ['30-fortress-stuck-spot-fort-mouth-told-chatter', [-4, -8]],
  ['30-fortress-stuck-spot-game-ends-20-0-for-20-4', [20, 4]],
  // A grid sensor's fault that ends while the frame of a throw's decision is checked: the throw waits for its weight
  // and is decided from a fresh frame (4-0, 0-3), where watching again only for a sensor taken out fitted the faulty
  // reading as a weight (a throw invented, or a weight off the end placed).
  ['30-shuffleboard-stuck-lifted-mid-decision-invents-last-throw', [4, 0]],
  ['30-shuffleboard-drift-lifted-mid-decision-invents-throw', [0, 3]],
  ['30-shuffleboard-drift-lifted-mid-decision-weight-off-placed', [0, 3]],
  // A referee's `place` 3 mm nearer the end edge than the weight lies, then a cut with a throw under way: the weight
  // seen at power-up within a few mm farther out is no throw launched unseen (0-2), where taking any farther one for
  // it invented a throw (4-0).
  ['30-shuffleboard-referee-place-3mm-near-cut-invents-throw', [0, 2]],
]);

describe('hostile round 30: the phone\'s level and the end\'s score are one test', function () {
  this.timeout(60000);
  it('red 140 mm, blue 150 mm, a resolution just under 10 mm: red is nearer by more than it, scores 2, and the phone does not show the nearest level', () => {
    // (The end scored by d < d2 - rs and the phone's level by |d - d2| <= rs disagreed at such a resolution: rounding.)
    const lines = replay(hostile('30-shuffleboard-level-resolution-just-under-whole-disagrees')).lines;
    assert.deepEqual(JSON.parse(lines[lines.length - 1]).final.scores, [2, 0]);
    const levels = lines.map((l) => JSON.parse(l).phone).filter((p) => p && p.level !== undefined).map((p) => p.level);
    assert.ok(levels.length > 0 && levels.every((v) => v === false), JSON.stringify(levels));
  });
});

describe('hostile round 30: a target point that begins to chatter or float as the power goes scores nothing', function () {
  this.timeout(60000);
  for (const name of ['30-triangle-chattering-beyond-at-power-up-scores-beyond', '30-triangle-floating-beyond-at-power-up-scores-beyond']) {
    it(`${name}: the flick under way is not scored, and the point is told`, () => {
      // (Deciding a flick taken up at power-up at its target's first point let go, as it lay, scored it beyond.)
      const phone = replay(hostile(name)).lines.map((l) => JSON.parse(l).phone).filter((p) => p);
      assert.deepEqual(phone.filter((p) => p.type === 'score'), []);
      assert.ok(phone.some((p) => p.type === 'fault' && p.fault === 'chatter' && p.sensor === 'tri.B.beyond'));
    });
  }
});

// Found by the hostile tester (round 40) against a fortress board's found played at the tick after it is read: each
// ends as the board that played it at once ended (test/hostile-findings/README.md, round 40).
describe('hostile round 40: what a fortress board finds at power-up is played as it was found', function () {
  this.timeout(60000);
  /** The last state the phone was told. */
  const told = (name: string) => replay(hostile(name)).lines.map((l) => JSON.parse(l).phone).filter((p) => p && p.type === 'state').pop();
  it('a ball found gone, back on its spot at the next power-up after a quick cut: the stroke it began still rests, and the next is the next player\'s (0-2, F28)', () => {
    // (Told no rest with every ball on its spot, the two strokes were one, the first player's foul: -2, F29.)
    const state = told('40-fortress-ball-back-after-quick-cut-no-rest-strokes-merged-wrong-player-fouls');
    assert.deepEqual([state.scores, state.last, state.articles], [[0, 2], 'EA- EA.2', 'F28']);
  });
  it('an undo at power-up takes back the rest, not what was found: colours put down while the board was off stay down', () => {
    const state = told('40-fortress-undo-at-power-up-takes-back-found-not-rest-colours-lost');
    assert.deepEqual([state.scores, state.colours], [[0, -2], 'ER1 FA2']);
  });
  it('a bank glitch at the first scan after power-up: what was found before it is played (FA2 put down while off)', () => {
    // (Dropped as a sensed move while the sensors were distrusted, FA2 was lost.)
    const state = told('40-fortress-bank-glitch-first-tick-after-power-up-drops-found-colours-lost');
    assert.deepEqual([state.scores, state.colours], [[-2, 0], 'FA1 FA2']);
  });
});

describe('hostile round 41: a resync cut short after its "~" line is written again at the next power-up', function () {
  this.timeout(60000);
  /** The last state the phone was told. */
  const told = (name: string) => replay(hostile(name)).lines.map((l) => JSON.parse(l).phone).filter((p) => p && p.type === 'state').pop();
  // Each: a record cut short, its resync cut after 2 bytes ("~" and its newline) at the power-up, moves told after
  // it, then a cut. (Before: the log stayed untrusted, and every move after it was dropped at each later power-up.)
  it('triangle: the flicks told after it stand after later cuts (7-3)', () => {
    assert.deepEqual(told('41-triangle-cut-in-resync-after-its-newline-told-flicks-lost-at-every-later-cut').scores, [7, 3]);
  });
  it('Ring-a-Peg: the ring told after it stands after a quiet cut (5-10)', () => {
    assert.deepEqual(told('41-ringapeg-cut-in-resync-after-its-newline-told-ring-lost-at-next-quiet-cut').scores, [5, 10]);
  });
  it('Ring-a-Peg: an undo takes back one ring, not all told since (30-15 to 30-10)', () => {
    assert.deepEqual(told('41-ringapeg-cut-in-resync-after-its-newline-one-undo-takes-back-three-told-rings').scores, [30, 10]);
  });
  it('fortification billiards: the own goal told after it stands after a cut (0-0, F29)', () => {
    const state = told('41-fortress-cut-in-resync-after-its-newline-told-own-goal-lost-at-next-cut-2-0-for-0-0');
    assert.deepEqual([state.scores, state.articles, state.last], [[0, 0], 'F29', 'ED1- ED.5']);
  });
  it('shuffleboard: blue\'s throw told after it stands after a cut (red\'s turn, both weights on the table)', () => {
    const state = told('41-shuffleboard-cut-in-resync-after-its-newline-told-blue-throw-lost-at-next-cut');
    assert.deepEqual([state.turn, state.left, state.weights.length], [0, 6, 2]);
  });
});
