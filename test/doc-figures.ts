// The figures the docs quote, read from their text (tables by their header
// row, sentences by a pattern), and what the simulator writes for an example
// game: for the tests that check each figure against what the commands
// produce today (test/docs.test.ts, test/bundles.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import { LOG } from '../firmware/persist';
import { parseScenario, Simulation } from '../sim/replay';

export const docText = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
/** Text as a reader sees it: no Markdown code marks, one space between words. */
export const plain = (text: string): string => text.replace(/`/g, '').replace(/\s+/g, ' ');
/** A figure as the docs write it (`14,751`, `47.5`). */
export const figure = (written: string): number => Number(written.replace(/,/g, ''));
/** A whole number as the docs write it (thousands with commas). */
export const thousands = (n: number): string => n.toLocaleString('en-GB');
/** A share as the docs write it: whole per cent. */
export const percent = (n: number, of: number): string => `${Math.round((n / of) * 100)}%`;

/** The rows of a doc's Markdown table whose header row is `header` (`| a | b |`): each row's cells, trimmed. */
export function tableRows(file: string, header: string): string[][] {
  const lines = docText(file).split('\n');
  const at = lines.indexOf(header);
  assert.ok(at >= 0, `${file} has no table headed ${header}`);
  const rows: string[][] = [];
  for (let i = at + 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i].split('|').slice(1, -1).map((c) => c.trim()));
  return rows;
}

/** The figures of the first place `pattern` matches in a doc's plain text (its groups, as numbers); fails when the doc no longer says it. */
export function quoted(file: string, pattern: RegExp): number[] {
  const m = pattern.exec(plain(docText(file)).replace(/\*/g, ''));
  assert.ok(m, `${file} no longer says ${pattern}`);
  return m.slice(1).map(figure);
}

/** An example game's log (scenarios/NAME.jsonl) as the simulated board has written it at the end: its text and its records. */
export function exampleLog(name: string): { bytes: number; setupBytes: number; records: Record<string, unknown>[] } {
  const sim = new Simulation(parseScenario(readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8')));
  sim.runToEnd();
  const log = sim.hal.store.files[LOG];
  const records = log.split('\n').filter((r) => r !== '').map((r) => JSON.parse(r.slice(0, r.lastIndexOf('*'))));
  return { bytes: log.length, setupBytes: log.indexOf('\n') + 1, records };
}
