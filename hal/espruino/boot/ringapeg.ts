// The Ring-a-Peg board (wiring.md): 13 pegs with two IR gates each and the
// impact switch, 27 inputs on a chain of four 74HC165s read over software SPI.
// A broken beam reads high (active), so nothing is inverted.
import { pin, startOnEspruino } from '../index';
import { shiftChain } from '../inputs';
import { ringapegModule } from '../../../firmware/games/ringapeg/module';

startOnEspruino(ringapegModule, function () {
  const spi = new SPI();
  spi.setup({ miso: pin(13), sck: pin(12), baud: 1000000 });
  return shiftChain({ spi: spi, load: pin(11), chips: 4, invert: 0 });
});
