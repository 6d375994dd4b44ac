import { buildGame } from './build';
(async () => { const b = await buildGame(process.argv[2]); const m = b.modules.find((m) => m.name === process.argv[3])!; console.log((m as any).min ?? m); })();
