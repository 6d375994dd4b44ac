// The shuffleboard state's keys (rules.ts, ShuffleboardState) that the build
// may shorten: used only inside the firmware (the log saves moves, the phone
// gets fields(), never the state), so the build shortens them in this game's
// bundle (tools/es5.ts). The bundle does not import this file;
// test/bundles.test.ts checks each name as it checks the core's. The
// one-letter keys stay: shortening gains nothing, and the saved records and
// messages use some of those letters (`n`, `e`). The grid checks' `frame`, `step`
// and `bank` (checks.ts) are the interpreter's alone, and what the checks keep
// for the checks of a throw's table (checks.ts, GridChecks; throw-checks.ts,
// whose module is built with the bundle's names) theirs.
export const INTERNAL_PROPERTIES = ['tg', 'rs', 'ep', 'ew', 'frame', 'step', 'bank', 'driver', 'tell', 'throws', 'reds', 'blues', 'due', 'lay',
  'lying', 'wrong', 'reversed', 'floating', 'aliased', 'told', 'checked', 'settled', 'came', 'take', 'alone', 'aliases',
  'suspect', 'locator', 'throwChecks', 'channelFlags'];
