// npm start: the firmware on the simulator, with no board. Replays an example
// scenario (or the one named) and draws the LED score display in the
// terminal as the game goes, with what the board tells the phone beneath it.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioError, replay } from './replay';
import { drawDisplay } from './draw';
import { REFERENCE_BOARD } from '../firmware/board';
import { UsageError, endQuietlyWhenOutputCloses, readInput } from '../lib/command-line';

const HELP = `usage: npm start [-- [--fast] [FILE.jsonl]]
  Runs the firmware on the simulator: replays a scenario (by default
  scenarios/triangle-game.jsonl) and draws the board's LED score display in the
  terminal as the game goes, with what the board tells the phone beneath it.
  --fast   no pauses between frames (the default when the output is not a terminal)
  npx tallyboard replay FILE prints everything as JSON Lines instead.`;

const root = join(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const live = process.stdout.isTTY && !args.includes('--fast');
const frameMs = 120;

function caption(message: { type: string; [k: string]: unknown }): string {
  if (message.type === 'score') return `player ${(message.player as number) + 1}: ${(message.points as number) >= 0 ? '+' : ''}${message.points} (${message.rule})`;
  if (message.type === 'over') return `game over: player ${(message.winner as number) + 1} wins, ${(message.scores as number[]).join(' to ')}`;
  if (message.type === 'flag' || message.type === 'error') return `${message.type}: ${message.message}`;
  return '';
}

async function main(): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const unknown = args.find((a) => a.startsWith('-') && a !== '--fast');
  if (unknown) throw new UsageError(`unknown option ${unknown}`);
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length > 1) throw new UsageError('one scenario file at most');
  const file = files[0] || join(root, 'scenarios', 'triangle-game.jsonl');
  let lines;
  try {
    lines = replay(readInput(file)).lines.map((l) => JSON.parse(l));
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    throw new UsageError(`${file}:${e.line}: ${e.message}`, false);
  }
  console.log(`Tallyboard on the simulator: ${file}`);
  console.log('(the same firmware as dist/<game>.js; npx tallyboard replay FILE prints everything as JSON Lines)\n');
  let drawn = false;
  let notes: string[] = [];
  for (const line of lines) {
    if (line.phone) {
      const text = caption(line.phone);
      if (text) notes.push(text);
      continue;
    }
    if (line.display === undefined) continue;
    const seconds = (line.t / 1000).toFixed(1).padStart(6);
    const frame = drawDisplay(line.display, REFERENCE_BOARD.displayModules);
    const note = notes.slice(-1)[0] || '';
    notes = [];
    // In a terminal the display is redrawn in place; otherwise every frame is printed.
    if (live && drawn) process.stdout.write('\x1b[4A');
    process.stdout.write(`${frame[0]}\x1b[K\n${frame[1]}\x1b[K\n${frame[2]}\x1b[K\n${seconds} s  ${note}\x1b[K\n`.replace(/\x1b\[K/g, live ? '\x1b[K' : ''));
    if (!live) process.stdout.write('\n');
    drawn = true;
    if (live) await new Promise((r) => setTimeout(r, frameMs));
  }
  const final = lines[lines.length - 1].final;
  console.log(`\nfinal scores: ${JSON.stringify(final.scores)}, winner: ${final.winner === null ? 'none' : 'player ' + (final.winner + 1)}`);
  return 0;
}

endQuietlyWhenOutputCloses();
main().then((code) => { process.exitCode = code; }, (e) => {
  if (e instanceof UsageError) {
    console.error(e.showUsage ? `${e.message}\n${HELP}` : e.message);
    process.exitCode = 2;
  } else {
    console.error(e && e.stack ? e.stack : e);
    process.exitCode = 1;
  }
});
