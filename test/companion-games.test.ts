// What the companion page knows of each game beside its module, checked
// against the game itself: the options its companion.json declares are the
// ones its setup takes, its referee inputs' meanings are those of its command
// table, every rule a score names has its words on the game's page, every
// argument and state field has words, and every token a picker composes
// (fortress's happenings) is one the game's rules read.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import { gameDir, loadGames } from '../firmware/games/registry';
import { gameTitle, ruleWords } from '../tools/web';
import { commandSpecs, fieldSpec, optionsTable, commandProblem } from '../web/lib/forms';
import { parseScenario, replay } from '../sim/replay';
import { happeningLine, placeOf, pointOf } from '../web/lib/happenings';
import type { Area } from '../web/lib/happenings';
import { composeToken, joinTokens, kindWords, kindsFor, namesOf, sensorWords, slotsOf, tokenWords, valueWords } from '../web/lib/tokens';
import type { Names, TokenField, TokenKind } from '../web/lib/tokens';
import { playMove } from '../firmware/game';

interface Companion {
  options: Record<string, string>;
  commands: Record<string, string>;
  next: string;
  places?: Record<string, [number, number]>;
  area?: Area;
  marks?: { box?: number[]; line?: number[]; at?: number[] }[];
  happenings?: { label: string; line: Record<string, unknown> }[];
  arguments?: Record<string, string>;
  names?: Names;
  tokens?: Record<string, TokenField>;
  fields?: Record<string, { words?: string; as?: string }>;
}

/** A key a player reads as it is: a lowercase word of three letters or more, or camelCase words (`firstPlayer`). */
const READS_AS_WORDS = /^[a-z]{3,}([A-Z][a-z]+)*$/;

/** Every token of a kind: one for each choice of the names it takes. */
function tokensOf(kind: TokenKind, names: Names): { token: string; chosen: Record<string, string> }[] {
  let all: Record<string, string>[] = [{}];
  for (const slot of slotsOf(kind)) all = all.flatMap((c) => Object.keys(namesOf(names, slot)).map((id) => ({ ...c, [slot]: id })));
  return all.map((chosen) => ({ token: composeToken(kind, chosen), chosen }));
}

function companionOf(id: string): Companion {
  return JSON.parse(readFileSync(join(gameDir(id), 'companion.json'), 'utf8'));
}

/** The header line of a game's first example scenario. */
function exampleHeader(id: string): string {
  const example = readdirSync(join(ROOT, 'scenarios')).find((f) => f.startsWith(id + '-'))!;
  return readFileSync(join(ROOT, 'scenarios', example), 'utf8').split('\n')[0];
}

/** Values a rule allows at its edges: each choice, both booleans, the bounds. */
function edgeValues(rule: string): unknown[] {
  const spec = fieldSpec('x', rule);
  if (spec.choices) return spec.choices;
  if (spec.type === 'bool') return [true, false];
  return [spec.min, spec.max];
}

describe('companion: what the page knows of each game', () => {
  it('every game has a companion.json', async () => {
    for (const { id } of await loadGames()) assert.ok(existsSync(join(gameDir(id), 'companion.json')), id);
  });

  it("the options declared are the ones the game's setup takes, at the edges of their rules", async () => {
    for (const { id, module } of await loadGames()) {
      const { options } = companionOf(id);
      const counts = [1, 2, 3, 4, 5, 6, 7, 8].filter((n) => { try { module.setup({ players: n, options: {} }); return true; } catch (e) { return false; } });
      const players = counts[counts.length - 1];
      const takes = (options: Record<string, unknown>) => counts.some((n) => { try { module.setup({ players: n, options: options as never }); return true; } catch (e) { return false; } });
      for (const [name, rule] of Object.entries(options)) {
        // Some count of players takes it (shuffleboard's teams only with 4, its target with 2 or with teams).
        for (const v of edgeValues(rule)) assert.ok(takes({ [name]: v }), `${id} ${name}=${v}`);
        assert.match(commandProblem({ cmd: 'options', [name]: rule.startsWith('bool') ? 'yes' : 1e9 }, optionsTable(options)) ?? '', new RegExp('^' + name + ': '));
      }
      assert.throws(() => module.setup({ players, options: { notAnOption: true } }), /notAnOption: unknown/, id);
    }
  });

  it("each referee input's meaning is given, for the commands of the game's table", async () => {
    for (const { id, module } of await loadGames()) {
      assert.deepEqual(Object.keys(companionOf(id).commands).sort(), commandSpecs(module.commands).map((c) => c.name).sort(), id);
      assert.notEqual(companionOf(id).next, '', id);
    }
  });

  it('every happening a click on a drawing makes, anywhere in its area, is a line its simulated board takes', async () => {
    let checked = 0;
    for (const { id } of await loadGames()) {
      const { area, happenings = [] } = companionOf(id);
      const pointed = happenings.filter((x) => /"\$point(\.\w+)?"/.test(JSON.stringify(x.line)));
      assert.equal(!!area, pointed.length > 0, `${id}: an area without a happening at a point, or such a happening without an area`);
      if (!area) continue;
      const header = exampleHeader(id);
      const [x0, y0, x1, y1] = area.box;
      for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1], [(x0 + x1) / 2, (y0 + y1) / 2], [x0 - 5, y1 + 5]]) {
        const point = pointOf(area, x, y);
        for (const { line } of pointed) {
          const made = happeningLine(line, { point });
          assert.doesNotThrow(() => parseScenario(header + '\n' + JSON.stringify({ t: 1000, ...made }) + '\n'), `${id}: ${JSON.stringify(made)}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 0, 'no game has an area');
  });

  it('every happening a click on a place makes is a line its simulated board takes for some place of the drawing', async () => {
    for (const { id, module } of await loadGames()) {
      const header = exampleHeader(id);
      const places = [...new Set(module.board.sensors.map((s: { name: string }) => placeOf(s.name)))];
      for (const { label, line } of (companionOf(id).happenings ?? []).filter((x) => JSON.stringify(x.line).includes('"$place"'))) {
        const takes = places.filter((place) => { try { parseScenario(header + '\n' + JSON.stringify({ t: 1000, ...happeningLine(line, { place }) }) + '\n'); return true; } catch (e) { return false; } });
        assert.ok(takes.length > 0, `${id}: "${label}" is taken nowhere`);
      }
    }
  });

  it('places, marks and areas lie on the drawing; a game that places its sensors places them all', async () => {
    for (const { id, module } of await loadGames()) {
      const { places = {}, marks = [], area } = companionOf(id);
      const sensorPlaces = [...new Set(module.board.sensors.map((s: { name: string }) => placeOf(s.name)))].sort();
      if (Object.keys(places).length) assert.deepEqual(Object.keys(places).sort(), sensorPlaces, id);
      const boxes = Object.values(places).map(([x, y]) => [x, y, x, y]).concat(marks.map((m) => m.box ?? m.line ?? m.at!.concat(m.at!)), area ? [area.box] : []);
      for (const [x0, y0, x1, y1] of boxes) for (const v of [x0, x1, y0, y1]) assert.ok(v >= 0 && v <= 104, `${id}: ${[x0, y0, x1, y1]} off the drawing`);
    }
  });

  it("every rule an example scenario's scores name has its words on the game's page", async () => {
    const ids = (await loadGames()).map((g) => g.id);
    for (const file of readdirSync(join(ROOT, 'scenarios'))) {
      const id = file.split('-')[0];
      if (!ids.includes(id)) continue;
      const words = ruleWords(readFileSync(join(ROOT, 'docs', 'games', id + '.md'), 'utf8'));
      for (const line of replay(readFileSync(join(ROOT, 'scenarios', file), 'utf8')).lines) {
        const phone = JSON.parse(line).phone;
        if (phone && phone.type === 'score') assert.ok(words[phone.rule], `${file}: rule ${phone.rule} has no words in docs/games/${id}.md`);
      }
    }
  });

  it("every game has a name for players: its page's title", async () => {
    for (const { id } of await loadGames()) {
      const title = gameTitle(readFileSync(join(ROOT, 'docs', 'games', id + '.md'), 'utf8'));
      assert.ok(title && title !== id && !title.includes('#'), `${id}: "${title}"`);
    }
  });

  it('every argument, option and state field a form or the scoreboard shows has words, and what it names is words too', async () => {
    for (const { id, module } of await loadGames()) {
      const c = companionOf(id);
      const args = commandSpecs(module.commands).flatMap((cmd) => cmd.fields.map((f) => f.key)).concat(Object.keys(c.options));
      for (const key of args) assert.ok(READS_AS_WORDS.test(key) || c.arguments?.[key], `${id}: argument ${key} has no words (companion.json arguments)`);
      const players = [1, 2, 3, 4, 8].find((n) => { try { module.setup({ players: n, options: {} }); return true; } catch (e) { return false; } })!;
      for (const key of Object.keys(module.fields(module.setup({ players, options: {} })))) assert.ok(READS_AS_WORDS.test(key) || c.fields?.[key]?.words, `${id}: state field ${key} has no words (companion.json fields)`);
      for (const [key, { as }] of Object.entries(c.fields ?? {})) {
        if (as) assert.ok(as === 'player' || as === 'players' || as === 'rules' || c.tokens?.[as] || Object.keys(namesOf(c.names ?? {}, as)).length, `${id}: field ${key} is shown as ${as}, which the game does not name`);
      }
      const stateFields = Object.keys(module.fields(module.setup({ players, options: {} })));
      for (const [key, tokens] of Object.entries(c.tokens ?? {})) {
        for (const [cmd, from] of Object.entries(tokens.from ?? {})) assert.ok(commandSpecs(module.commands).some((s) => s.name === cmd && s.fields.some((f) => f.key === key)) && stateFields.includes(from), `${id}: ${cmd} starts ${key} from ${from}`);
      }
      for (const kind of Object.keys(c.names ?? {})) for (const [name, words] of Object.entries(namesOf(c.names!, kind))) assert.notEqual(words, name, `${id}: ${kind} ${name} has no words`);
    }
  });

  it('every sensor the simulated board may list under way has words, not its id', async () => {
    for (const { id, module } of await loadGames()) {
      const c = companionOf(id) as Companion & { sensors?: Record<string, string> };
      for (const sensor of module.board.sensors) {
        const words = sensorWords(c.sensors, c.names ?? {}, sensor.name);
        assert.ok(words !== sensor.name && !/[{}]|\w\.\w/.test(words), `${id}: sensor ${sensor.name} reads "${words}" (companion.json sensors)`);
      }
    }
    // (A shape's name of a kind matches that kind's ids alone: a part that is none of them is not named.)
    assert.equal(sensorWords({ 'bell.{fort}': 'the bell of {fort}' }, { fort: { EA1: 'fort 1' } }, 'bell.EA1'), 'the bell of fort 1');
    assert.equal(sensorWords({ 'bell.{fort}': 'the bell of {fort}' }, { fort: { EA1: 'fort 1' } }, 'bell.EA12'), 'bell.EA12');
    assert.equal(sensorWords({ 'bell.{fort}': 'the bell of {fort}' }, { fort: { EA1: 'fort 1' } }, 'bellxEA1'), 'bellxEA1');
  });

  it("every name a form offers for an argument is one the game's command table takes", async () => {
    for (const { id, module } of await loadGames()) {
      const c = companionOf(id);
      for (const cmd of commandSpecs(module.commands)) {
        for (const f of cmd.fields.filter((f) => !c.tokens?.[f.key])) {
          const named = namesOf(c.names ?? {}, f.key);
          // A field of choices offers its choices, each in its words when the game names them; another, every name.
          if (f.choices && Object.keys(named).length) for (const choice of f.choices) assert.ok(named[choice], `${id} ${cmd.name} ${f.key}: ${choice} has no words`);
          for (const name of f.choices && Object.keys(named).length ? f.choices : Object.keys(named)) {
            const value = f.type === 'str' ? name : Number(name);
            assert.equal(commandProblem({ cmd: cmd.name, ...Object.fromEntries(cmd.fields.filter((o) => o.required).map((o) => [o.key, o.type === 'str' ? 'x' : o.min])), [f.key]: value }, module.commands), null, `${id} ${cmd.name} ${f.key}=${name}`);
          }
        }
      }
    }
  });

  it("fortress: every happening a picker composes is read by the rules, for each command that offers it, and read back in words", async () => {
    const { module } = (await loadGames()).find((g) => g.id === 'fortress')!;
    const c = companionOf('fortress');
    const field = c.tokens!.h;
    const names = c.names!;
    const start = module.setup({ players: 2, options: {} });
    // A stroke already played (a miss): what fix corrects.
    const struck = playMove(module, start, { k: 'stroke', h: joinTokens(field, []) } as never).state;
    const from: Record<string, unknown> = { fix: struck, stroke: start, hand: start };
    let checked = 0;
    const seen = new Set<string>();
    for (const cmd of ['fix', 'stroke', 'hand']) {
      for (const kind of kindsFor(field, cmd)) {
        for (const { token, chosen } of tokensOf(kind, names)) {
          const value = joinTokens(field, [token]);
          assert.equal(commandProblem({ cmd, h: value }, module.commands), null, `${cmd} ${value}`);
          const outcome = playMove(module, from[cmd], { k: cmd, h: value } as never);
          assert.notEqual(outcome.refused, 'bad', `${cmd} ${value}: the rules cannot read it`);
          assert.equal(tokenWords(field, names, token), kindWords(kind, names, chosen) + ` (${token})`, token);
          seen.add(token);
          checked++;
        }
      }
    }
    // Tokens the picker does not offer a command are refused by it: hand takes nothing struck.
    for (const kind of field.kinds.filter((k) => !kindsFor(field, 'hand').includes(k))) {
      const { token } = tokensOf(kind, names)[0];
      assert.equal(playMove(module, start, { k: 'hand', h: token } as never).refused, 'bad', `hand ${token}`);
    }
    assert.deepEqual(valueWords(field, names, field.none), [field.words]);
    assert.ok(checked > 300 && seen.size > 150, `${checked} tokens checked, ${seen.size} different`);
  });

  it("fortress: the names a referee picks from are the board's own balls, forts, colours and pockets, every one", async () => {
    const { module } = (await loadGames()).find((g) => g.id === 'fortress')!;
    const names = companionOf('fortress').names!;
    const sensors: string[] = module.board.sensors.map((s: { name: string }) => s.name);
    const of = (prefix: string) => [...new Set(sensors.filter((n) => n.startsWith(prefix + '.')).map(placeOf))].sort();
    assert.deepEqual(Object.keys(namesOf(names, 'spot')).sort(), of('spot'));
    assert.deepEqual(Object.keys(namesOf(names, 'colours')).sort(), of('colours'));
    assert.deepEqual(Object.keys(namesOf(names, 'fort')).sort(), of('bell'));
    assert.deepEqual(Object.keys(namesOf(names, 'pocket')).map((p) => 'pocket' + p).sort(), of('mouth').filter((m) => m.startsWith('pocket')));
  });
});
