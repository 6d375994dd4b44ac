// What table shuffleboard's refusal codes say: the phone's decoder turns a
// code into these words. docs/games/shuffleboard.md lists them too. The
// firmware never imports this file (the rules import its type only): a
// board sends the codes alone.
export const words = {
  over: 'game over',
  toss: 'S2: toss the coin first',
  tossed: 'S2: the coin is tossed',
  clear: 'the end is over: clear the table',
  end: 'the end is not over',
  id: 'no such weight in this end',
  arg: 'bad colour, position or side',
};

/** A code the rules may give. */
export type Refusal = keyof typeof words;
