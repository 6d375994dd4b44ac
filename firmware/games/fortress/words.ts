// The words of fortification billiards' refusal codes, as docs/games/fortress.md
// states them, for the phone side: the board itself sends only the codes.
export const WORDS: { [code: string]: string } = {
  over: 'the game is over',
  bad: 'not a stroke the board knows (a happening, a ball or a player it cannot read)',
  none: 'no stroke yet to correct',
  F1: 'the lag is decided before the first stroke',
  F19: 'that stroke is already marked struck with a wrong ball',
  F37: '"I do not see" is declared once, before the stroke; hit or miss only for a stroke declared so',
};
