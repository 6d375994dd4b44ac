// The shuffleboard state's keys (rules.ts, ShuffleboardState) that the build
// may shorten: used only inside the firmware (the log saves moves, the phone
// gets fields(), never the state), so the build shortens them in this game's
// bundle (tools/es5.ts). The bundle does not import this file;
// test/bundles.test.ts checks each name as it checks the core's. The
// one-letter keys stay: shortening gains nothing, and the saved records and
// messages use some of those letters (`n`, `e`). The grid checks' `frame`, `step`
// and `bank` (checks.ts) are the interpreter's alone.
export const INTERNAL_PROPERTIES = ['tg', 'rs', 'ep', 'ew', 'frame', 'step', 'bank'];
