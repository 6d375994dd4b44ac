import { buildGame, storedFirmwareBytes } from './build';
(async () => { for (const g of process.argv.slice(2)) { const b = await buildGame(g); console.log(g, storedFirmwareBytes(b), b.stored.length, b.modules.map((m) => `${m.name}:${m.stored.length}`).join(' ')); } })();
