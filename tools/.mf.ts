import { buildGame, moduleFiles, storedFirmwareBytes } from './build';
import { MODULES_FILE } from '../firmware/modules';
(async () => { for (const g of ['triangle','fortress','ringapeg','shuffleboard']) { const b = await buildGame(g); console.log(g, storedFirmwareBytes(b), 40960 - storedFirmwareBytes(b), moduleFiles(b, 'stored')[MODULES_FILE].length); } })();
