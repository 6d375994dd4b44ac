// The Ring-a-Peg state's keys (rules.ts, RingapegState): used only inside the
// firmware (the log saves moves, the phone gets fields(), never the state), so
// the build shortens them in this game's bundle (tools/es5.ts). The bundle does
// not import this file; test/bundles.test.ts checks each name as it checks the
// core's.
export const INTERNAL_PROPERTIES = ['ph', 'tn', 'lf', 'st', 'mp', 'tg', 'tp', 'hd', 'gm', 'cr', 'bd'];
