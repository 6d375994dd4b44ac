// The games as a page gets them: the module tools/web.ts generates from the
// registry (firmware/games/registry.ts) when it bundles a page.
declare module 'tallyboard:games' {
  import type { GameModule } from '../../firmware/game';
  import type { GameFactory } from '../../sim/game';
  import type { Words } from '../../sim/phone';
  import type { Area } from './happenings';
  import type { Names, TokenField } from './tokens';

  export interface WebGame {
    id: string;
    /** Its name for a player: its page's title (docs/games/<id>.md), or its id. */
    title: string;
    module: GameModule<any, any>;
    /** The model of its board (sim/games/<id>.ts), or null: the simulated board then takes no happenings. */
    simGame: GameFactory | null;
    /** Refusal words: the core's and the game's (firmware/words.json, firmware/games/<id>/words.json). */
    words: Words;
    /** Each rule id's words, from the game's page (docs/games/<id>.md, Rule ids). */
    rules: Record<string, string>;
    /**
     * firmware/games/<id>/companion.json: its options' rules (command-table rules), what `next` does, what each
     * referee input means, where its places lie on the drawing (x, y of 100; a sensor's place is the second part
     * of its name), the marks drawn under them (its table's outline and lines: a `box` or a `line`, x0 y0 x1 y1,
     * labelled past its far end, or a label `at` x, y), its area (where a click is a point of its table), and the
     * happenings the simulated board offers (`$place`: the place clicked; `$point`: the point clicked in the
     * area). docs/device-code.md describes them.
     */
    companion: {
      options: Record<string, string>;
      next: string;
      commands: Record<string, string>;
      /** Words for the arguments of its commands and its options, where the key alone says little (`h`: "what happened"). */
      arguments?: Record<string, string>;
      /** The names of its parts by kind, id → words (web/lib/tokens.ts); an argument named as a kind is a choice of them. */
      names?: Names;
      /** Its sensors' ids in words, by shape (`{kind}`: a name of that kind; web/lib/tokens.ts sensorWords). */
      sensors?: Record<string, string>;
      /** Arguments whose value is a list of tokens (fortress's happenings), composed with a picker (web/lib/picker.ts). */
      tokens?: Record<string, TokenField>;
      /**
       * Its state fields (and the columns of a field's table, shuffleboard's weights): their words, and what their
       * values are (`as`): `player` (an index), `players` (indexes, a digit each), `rules` (rule ids), a kind of
       * `names`, or a key of `tokens`.
       */
      fields?: Record<string, { words?: string; as?: string }>;
      places?: Record<string, [number, number]>;
      marks?: { box?: [number, number, number, number]; line?: [number, number, number, number]; at?: [number, number]; label?: string }[];
      area?: Area;
      /** Pieces lying on places (Ring-a-Peg's rings): the state field listing them, one entry a place in this order, comma-separated, bottom first, each character its player's index. */
      pieces?: { field: string; places: string[] };
      happenings?: { label: string; line: Record<string, unknown> }[];
      /**
       * A question the board asks the referee (shuffleboard's): the state field naming what is asked about
       * (`field`), the state's list of records they are (`records`, each named by its `name` key, shown with the
       * keys of `shown`), and the answers offered for each: a command to send (`$index`: the record's index), or
       * a referee input's form to fill (`form`, its `set` field set to the index, its `focus` field focused).
       */
      question?: {
        label: string;
        field: string;
        records: string;
        name: string;
        shown: string[];
        answers: { label: string; line?: Record<string, unknown>; form?: { cmd: string; set: string; focus: string } }[];
      };
    };
    /** Its example scenarios (scenarios/<id>-*.jsonl), served beside the pages in scenarios/. */
    examples: string[];
  }

  export const CORE_WORDS: Words;
  export const GAMES: WebGame[];
}
