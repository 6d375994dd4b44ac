// Whether this code runs on a board. A board's bundle is built with
// hal/espruino/device.ts in place of this file (tools/es5.ts), so the minifier
// drops every branch under `if (!ON_DEVICE)`: hooks that only the simulator and
// the tests use (an observer of sensor events, a forced debounce, a view of the
// game) then cost a board no bytes.
export const ON_DEVICE = false;
