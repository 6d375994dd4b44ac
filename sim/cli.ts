// The tallyboard command: replay a scenario on the simulator, build, or flash a board.
import { readFileSync } from 'node:fs';
import { flash, parseFlashArgs, UsageError } from '../tools/flash';

const USAGE = `usage:
  tallyboard replay FILE.jsonl        run a scenario on the simulator (- reads standard input)
  tallyboard flash --game GAME (--port /dev/ttyACM0 | --device "Tallyboard") [--dry-run] [--out FILE]
  tallyboard build                    write dist/<game>.js for every game`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'replay') {
    if (rest.length !== 1) throw new UsageError('replay takes one scenario file (or -)');
    const { replay, ScenarioError } = await import('./replay');
    const text = rest[0] === '-' ? readFileSync(0, 'utf8') : readFileSync(rest[0], 'utf8');
    try {
      const result = replay(text);
      process.stdout.write(result.lines.join('\n') + '\n');
      return 0;
    } catch (e) {
      if (e instanceof ScenarioError) {
        process.stderr.write(`${rest[0]}:${e.line}: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
  }
  if (command === 'flash') return flash(parseFlashArgs(rest), (line) => console.log(line));
  if (command === 'build') {
    const { buildAll, sizeTable } = await import('../tools/build');
    for (const row of sizeTable(await buildAll())) console.log(row);
    return 0;
  }
  throw new UsageError(command ? `unknown command ${command}` : 'no command given');
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  if (e instanceof UsageError) {
    process.stderr.write(`tallyboard: ${e.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`tallyboard: ${e && e.stack || e}\n`);
    process.exitCode = 1;
  }
});
