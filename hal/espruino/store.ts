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
    // Line by line, so a long log never has to fit in RAM at once. A StorageFile finds its chunk by name at each
    // read, so one held across ticks reads on through appends and compaction.
    reader: function (name: string) {
      const file = storage.open(name, 'r');
      // (A small file: a log's chunks are files of their own names. One never empty, as a record never is.)
      let small: string | undefined = storage.read(name);
      return function () {
        let line = file.readLine();
        if (line !== undefined) return line;
        line = small;
        small = undefined;
        return line;
      };
    },
    // Whichever of the two it is (erasing what is not there does nothing).
    erase: function (name: string) {
      storage.open(name, 'r').erase();
      storage.erase(name);
    },
  };
}
