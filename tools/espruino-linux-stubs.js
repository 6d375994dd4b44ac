// Boot stubs for Espruino's Linux build, which has no Bluetooth, GPIO or
// watchdog: just enough for a board bundle to boot there. Written as .boot0,
// so the memory it takes is measured in the baseline and subtracted.
function noop() {}
// Event handlers are kept as the board keeps them (a hidden property per event), so they count in the memory measured.
function keep(event, handler) { this["#on" + event] = handler; }
if (typeof NRF === "undefined") NRF = { setServices: noop, setAdvertising: noop, setScanResponse: noop, setSecurity: noop, updateServices: noop, on: keep, setTxPower: noop, disconnect: noop, getSecurityStatus: function () { return {}; } };
if (typeof Bluetooth === "undefined") Bluetooth = { on: keep, write: noop, setConsole: noop };
if (!E.enableWatchdog) E.enableWatchdog = noop;
if (!E.kickWatchdog) E.kickWatchdog = noop;
// peek32 reads the host's memory on Linux (P0.IN's address would crash it): all GPIOs read 0 here.
global.peek32 = function () { return 0; };
