// Run once before the whole suite (.mocharc.json requires it), in mocha's main
// process: the web pages are built here, once, for every browser test; the
// test files, run side by side in worker processes, serve this one build
// instead of each rebuilding web/dist under the others' feet.
import { buildWeb } from '../tools/web';
import { WEB_BUILT_ENV } from './browser';

export async function mochaGlobalSetup(): Promise<void> {
  await buildWeb();
  process.env[WEB_BUILT_ENV] = '1';
}
