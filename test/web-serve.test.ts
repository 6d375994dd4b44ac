// The pages' server (`npm run web`, tools/web.ts): an address it cannot read is
// refused, and the server goes on serving (hostile round 27: `/%` stopped it).
import assert from 'node:assert/strict';
import { serveWeb } from '../tools/web';

describe('the pages\' server', () => {
  it('refuses an address with a bad escape (400) and goes on serving', async () => {
    const { server, url } = await serveWeb(0);
    try {
      for (const bad of ['%', '%E0%A4%A', 'companion/%zz']) assert.equal((await fetch(url + bad)).status, 400, bad);
      assert.notEqual((await fetch(url)).status, 400);
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
