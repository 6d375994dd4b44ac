// The fortress state's keys (state.ts, FortressState): used only inside the
// firmware (the log saves moves, the phone gets fields(), never the state), so
// the build shortens them in this game's bundle (tools/es5.ts). The bundle does
// not import this file; test/bundles.test.ts checks each name as it checks the
// core's. (`ps` stays: Espruino's API has a property of that name.) With them,
// the names of the rules' parts its rare moves play with (state.ts, RuleParts), and of its
// rare parts' check of the options and blind articles (rare.ts), and the power-up's setting of what it found
// against the game (powerup.ts).
export const INTERNAL_PROPERTIES = ['tk', 'cd', 'rs', 'sp', 'bl', 'lh', 'lb', 'la', 'ph', 'pb', 'foundSince',
  'scoreStroke', 'takeStroke', 'byHand', 'isWon', 'lay', 'asSeen', 'isReadable', 'happenings', 'ending', 'and', 'wordIndex', 'refuse', 'copyOf', 'played',
  'optionsProblem', 'blindArticles'];
