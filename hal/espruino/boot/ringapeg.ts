// The Ring-a-Peg board (wiring.md): 13 pegs with two IR gates each and the
// impact switch, 27 inputs on a chain of four 74HC165s read over software SPI.
// The chain is read from /QH, so a broken beam reads 1 and nothing is inverted.
import { startOnEspruino } from '../index';
import { shiftChain } from '../inputs';
import { game as ringapeg } from '../../../firmware/games/ringapeg/index';

startOnEspruino(ringapeg, function () {
  const spi = new SPI();
  spi.setup({ miso: D16, sck: D15, baud: 1000000 });
  // SH/LD on D14, four chips, nothing inverted.
  return shiftChain(spi, D14, 4, 0);
});
