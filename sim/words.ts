// The refusal words for the phone's decoder (sim/phone.ts): the core's
// (firmware/words.json) and each game's (firmware/games/<id>/words.json, found
// by listing the game folders; a folder without one: a game with no codes of
// its own). Node only: a page bundles the same plain JSON files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameWords, Words } from './phone';

const FIRMWARE = fileURLToPath(new URL('../firmware/', import.meta.url));

function read(file: string): Words {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Words : {};
}

/** Every game's words by its id (its folder's name): the core's, then the game's own. */
export function gameWords(): GameWords {
  const core = read(FIRMWARE + 'words.json');
  const all: GameWords = {};
  for (const id of readdirSync(FIRMWARE + 'games')) all[id] = Object.assign({}, core, read(FIRMWARE + 'games/' + id + '/words.json'));
  return all;
}
