// What the code runs on, and what it carries. A board's bundle gets this module
// written afresh by the build (tools/es5.ts): ON_DEVICE true, and each feature
// as its game needs it. The minifier then drops every branch a board does not
// take: hooks only the simulator and the tests use (an observer of sensor
// events, a forced debounce, a view of the game), and features its game does
// not use, so they cost a board no bytes. In Node everything is there.
export const ON_DEVICE = false;
/** The scanner's settle groups (firmware/scan.ts): on a board, only if its game declares some. */
export const SETTLE_GROUPS = true;
/** The bank drivers (hal/espruino/inputs.ts, built by app/espruino.ts): on a board, only those its board's banks use. */
export const GPIO_BANKS = true;
export const PIN_BANKS = true;
export const SHIFT_CHAINS = true;
/** The scanner, its debouncing, fault check and diagnostics (firmware/scan.ts): on a board, only if it has a digital bank. */
export const DIGITAL_BANKS = true;
/** The analog bank driver (hal/espruino/analog.ts): on a board, only if its board has an analog bank. */
export const ANALOG_BANKS = true;
