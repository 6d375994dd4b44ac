// The board's flash as the firmware's Store: Espruino's StorageFiles, appended
// in place, so a power cut can only cut the last record short.
import type { Store } from '../types';

const storage = global.require('Storage');

/** Made by the boot, which hands it to the runtime: an object at the top level would keep a global name for good (a JsVar). */
export function flashStore(): Store {
  return {
    append: function (name: string, data: string, small?: number) {
      if (small) return storage.write(name, data);
      const file = storage.open(name, 'a');
      const end = file.offset + data.length;
      try {
        file.write(data);
      } catch (e) {
        // Full: what fits of `data` filled the last chunk, and no other could be made. One that fits exactly went in
        // whole: it is written (it stands at the next power-up), so not refused.
        if (file.offset !== end) throw e;
      }
    },
    // Line by line, so a long log never has to fit in RAM at once.
    lines: function (name: string, each: (line: string) => void) {
      const file = storage.open(name, 'r');
      let line;
      while ((line = file.readLine()) !== undefined) each(line);
      // (A small file: a log's chunks are files of their own names. One never empty, as a record never is.)
      if ((line = storage.read(name))) each(line);
    },
    // Whichever of the two it is (erasing what is not there does nothing).
    erase: function (name: string) {
      storage.open(name, 'r').erase();
      storage.erase(name);
    },
  };
}
