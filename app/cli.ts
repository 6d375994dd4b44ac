// The tallyboard command: replay a scenario on the simulator, build, flash a board, or run a club's hub.
import { UsageError, endQuietlyWhenOutputCloses, readInput } from '../lib/command-line';

const HELP: Record<string, string> = {
  replay: `usage: tallyboard replay FILE.jsonl
  Runs a scenario on the simulator (- reads standard input) and prints, as JSON
  Lines, what the board shows and sends (docs/replay.md). Exit 2 on a malformed
  scenario, with FILE:LINE: and the problem on standard error.`,
  flash: `usage: tallyboard flash --game GAME (--port PORT | --device NAME) [--dry-run] [--out FILE]
  Builds GAME's firmware from the sources, writes it to a board's Storage as its
  boot code with Espruino's espruino tool, checks that the board stored it, and
  restarts the board. To re-flash, start the board in Espruino's recovery first
  (hold BTN1 while powering it up): docs/flashing.md.
  --port PORT     a serial port (/dev/ttyUSB0, COM3) or tcp://HOST:PORT
  --device NAME   a board over Bluetooth, by (part of) its name or its address:
                  MDBT42Q for a board in Espruino's recovery
  --dry-run       print the espruino command instead of running it
  --out FILE      write the upload file (what the board receives) to FILE; with
                  no --port or --device, that is all it does (no board needed)
  Exit 1 when the board did not confirm the upload, 2 on a bad command line.`,
  hub: `usage: tallyboard hub --mqtt mqtt://HOST[:PORT] [--room NAME] [--config FILE]
  Follows the boards of a room through an MQTT broker: reads the adverts that
  Bluetooth gateways (EspruinoHub, OpenMQTTGateway, Theengs) publish, and
  publishes each board's latest state retained under tallyboard/ROOM/BOARD/state,
  each finished game under tallyboard/ROOM/BOARD/finished and the results under
  tallyboard/ROOM/results (docs/hub.md). Runs until stopped (Ctrl-C).
  --mqtt URL           the broker (mqtt://, mqtts://, ws://, wss://)
  --room NAME          the room's name in the topics (default club)
  --config FILE        a JSON file of settings: mqtt, room, topics, silentAfter,
                       names, keys, share, username, password (the flags win)
  --silent-after S     a board not heard for S seconds is marked silent (30)
  --share GROUP        share the gateways' topics with other hubs ($share/GROUP/…)
  Exit 2 on a bad command line or config file.`,
  boards: `usage: tallyboard boards --mqtt mqtt://HOST[:PORT] [--count N] [--speed X] [--signed]
  Plays a room without hardware: N simulated boards (the firmware on the
  simulator) play the example games over and over, and their adverts are
  published on the broker as EspruinoHub publishes them, for the hub and the
  room view to show (docs/hub.md). Runs until stopped (Ctrl-C).
  --count N        how many boards (default 4)
  --speed X        play X times faster than real time (default 1)
  --prefix P       EspruinoHub's mqtt_prefix (default /ble)
  --signed         sign the adverts, each board with a demonstration key, and
                   print the keys for the hub's config file
  --username U, --password P   the broker's user
  Exit 2 on a bad command line.`,
  build: `usage: tallyboard build [--allow-over]
  Writes dist/<game>.js (minified ES5, what a board stores, pretokenised) and a
  readable dist/<game>.debug.js for every game, and prints their sizes against
  the stored budget of 16,384 bytes a game.
  --allow-over    a bundle over the stored budget is reported, not an error
  Exit 1 when a bundle is over the stored budget (unless --allow-over).`,
};

const USAGE = `usage: tallyboard COMMAND [options]
commands:
  replay FILE.jsonl    run a scenario on the simulator (- reads standard input)
  flash --game GAME (--port PORT | --device NAME) [--dry-run] [--out FILE]
                       build a game's firmware and write it to a board
  boards --mqtt mqtt://HOST[:PORT] [--count N] [--speed X] [--signed]
                       simulated boards playing, published as a gateway would
  build [--allow-over] write dist/<game>.js for every game
  hub --mqtt mqtt://HOST[:PORT] [--room NAME] [--config FILE]
                       publish every board of a room on one live scoreboard
  help [COMMAND]       this text, or a command's options (also COMMAND --help)`;

/** Resolves at Ctrl-C (SIGINT) or SIGTERM. */
const untilStopped = () => new Promise<void>((resolve) => {
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    resolve();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});

const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given');
  if (command === 'help' || command === '--help' || command === '-h') {
    // `help --help` is help itself.
    const topic = command === 'help' && !wantsHelp(rest) ? rest[0] : undefined;
    if (topic !== undefined && !HELP[topic]) throw new UsageError(`no command ${topic}`);
    console.log(topic ? HELP[topic] : USAGE);
    return 0;
  }
  if (!HELP[command]) throw new UsageError(`unknown command ${command}`);
  if (wantsHelp(rest)) {
    console.log(HELP[command]);
    return 0;
  }
  if (command === 'replay') {
    if (rest.length !== 1) throw new UsageError('replay takes one scenario file (or -)');
    const text = readInput(rest[0]);
    const { replay, ScenarioError } = await import('../sim/replay');
    try {
      process.stdout.write(replay(text).lines.join('\n') + '\n');
      return 0;
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      process.stderr.write(`${rest[0]}:${e.line}: ${e.message}\n`);
      return 2;
    }
  }
  if (command === 'flash') {
    const { flash, parseFlashArgs } = await import('../tools/flash');
    return flash(await parseFlashArgs(rest), (line) => console.log(line));
  }
  if (command === 'hub') {
    const { parseHubArgs, startHub } = await import('../hub/hub');
    const hub = startHub(parseHubArgs(rest), (line) => console.error(line));
    await untilStopped();
    await hub.close();
    const c = hub.counts;
    console.error(`hub: stopped; adverts taken ${c.new + c.restart}, duplicates ${c.duplicate}, old ${c.stale}, malformed ${c.malformed}, forged ${c.forged}, replayed ${c.replayed}, junk ${c.junk}`);
    return 0;
  }
  if (command === 'boards') {
    const { parseBoardsArgs, startBoards } = await import('../sim/boards');
    const boards = startBoards(parseBoardsArgs(rest), (line) => console.error(line));
    await untilStopped();
    await boards.stop();
    console.error(`boards: stopped; ${boards.published()} adverts published`);
    return 0;
  }
  const allowOver = rest[0] === '--allow-over';
  if (rest.length > (allowOver ? 1 : 0)) throw new UsageError(`build takes only --allow-over (got ${rest.join(' ')})`);
  const { buildAll, overBudget, sizeTable } = await import('../tools/build');
  const built = await buildAll();
  for (const row of sizeTable(built)) console.log(row);
  const over = overBudget(built);
  for (const line of over) process.stderr.write(`tallyboard: ${allowOver ? '' : 'error: '}${line}${allowOver ? ' (allowed by --allow-over)' : ''}\n`);
  return over.length && !allowOver ? 1 : 0;
}

endQuietlyWhenOutputCloses();
main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  if (e instanceof UsageError) {
    const command = HELP[process.argv[2]] ? process.argv[2] : '';
    process.stderr.write(`tallyboard: ${e.message}\n${e.showUsage ? (command ? HELP[command] : USAGE) + '\n' : ''}`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`tallyboard: ${e && e.stack || e}\n`);
    process.exitCode = 1;
  }
});
