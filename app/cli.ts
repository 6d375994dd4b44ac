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
  --out FILE      also write the upload file (what the board receives) to FILE
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
                       names, share, username, password (the flags win)
  --silent-after S     a board not heard for S seconds is marked silent (30)
  --share GROUP        share the gateways' topics with other hubs ($share/GROUP/…)
  Exit 2 on a bad command line or config file.`,
  build: `usage: tallyboard build
  Writes dist/<game>.js (minified ES5, what a board stores, pretokenised) and a
  readable dist/<game>.debug.js for every game, and prints their sizes against
  the 16,384-byte budget.`,
};

const USAGE = `usage: tallyboard COMMAND [options]
commands:
  replay FILE.jsonl    run a scenario on the simulator (- reads standard input)
  flash --game GAME (--port PORT | --device NAME) [--dry-run] [--out FILE]
                       build a game's firmware and write it to a board
  build                write dist/<game>.js for every game
  hub --mqtt mqtt://HOST[:PORT] [--room NAME] [--config FILE]
                       publish every board of a room on one live scoreboard
  help [COMMAND]       this text, or a command's options (also COMMAND --help)`;

const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given');
  if (command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? rest[0] : undefined;
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
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await hub.close();
    const c = hub.counts;
    console.error(`hub: stopped; adverts taken ${c.new + c.restart}, duplicates ${c.duplicate}, old ${c.stale}, malformed ${c.malformed}`);
    return 0;
  }
  if (rest.length) throw new UsageError(`build takes no arguments (got ${rest.join(' ')})`);
  const { buildAll, sizeTable } = await import('../tools/build');
  for (const row of sizeTable(await buildAll())) console.log(row);
  return 0;
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
