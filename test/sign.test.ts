// Signed adverts: the firmware's HMAC-SHA256 (firmware/sign.ts, built on a bare
// SHA-256 as the chip's crypto module gives it) against Node's own HMAC, in
// Node and in the real interpreter with Espruino's require('crypto').SHA256;
// and a signed advert as the hub checks it (hub/signed.ts, Node's HMAC).
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { ADVERT_MAX_BYTES, encodeAdvert } from '../firmware/advert';
import { hmacSha256, signAdvert } from '../firmware/sign';
import { openAdvert } from '../hub/signed';
import { bundle, toEs5 } from '../tools/es5';
import { runScriptInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { needsEspruino } from './real-interpreter';

const nodeSha256 = (d: Uint8Array) => createHash('sha256').update(d).digest();
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('signed adverts', () => {
  it('the firmware\'s HMAC-SHA256 is Node\'s, for any key of 16 bytes and any advert', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ maxLength: 24 }), (key, data) =>
      hex(hmacSha256(nodeSha256, key, data)) === createHmac('sha256', key).update(data).digest('hex')));
  });

  it('a signed advert holds its counter and tag within 24 bytes (4 scores at most), and the hub opens it with the key', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 8 }), fc.nat({ max: 0xffffffff }), (key, scores, counter) => {
      const out = new Uint8Array(ADVERT_MAX_BYTES);
      const unsigned = encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, 0, 1, out.subarray(0, 17));
      const advert = signAdvert(nodeSha256, key, out, unsigned.length, counter).slice();
      assert.ok(advert.length <= ADVERT_MAX_BYTES);
      assert.equal(advert[3], Math.min(scores.length, 4));
      const opened = openAdvert(advert, key);
      assert.ok(opened && opened !== 'forged');
      assert.equal(opened.counter, counter);
      assert.deepEqual([...opened.bytes.subarray(8)], [...unsigned.subarray(8)]);
      const wrongKey = Uint8Array.from(key, (b, i) => (i === 0 ? b ^ 1 : b));
      assert.equal(openAdvert(advert, wrongKey), 'forged');
      for (let i = 0; i < advert.length; i++) {
        const flipped = advert.slice();
        flipped[i] ^= 0x10;
        const r = openAdvert(flipped, key);
        assert.ok(r === 'forged' || r === null, `byte ${i} changed and still taken`);
      }
    }), { numRuns: 50 });
  });

  it('in the real interpreter, with Espruino\'s crypto SHA256, the tag is the one Node computes', async function () {
    needsEspruino(this, 'compute the tag with Espruino\'s crypto module');
    this.timeout(60_000);
    const cases = fc.sample(fc.tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 8, maxLength: 17 }), fc.nat({ max: 0xffffffff })), { numRuns: 20, seed: 29 });
    const source = `import { signAdvert } from './firmware/sign';
      declare const global: { require(m: string): { SHA256(d: Uint8Array): ArrayBuffer } };
      const sha = global.require('crypto').SHA256;
      const cases = ${JSON.stringify(cases.map(([k, d, c]) => [[...k], [...d], c]))};
      for (let i = 0; i < cases.length; i++) {
        const out = new Uint8Array(24);
        out.set(cases[i][1]);
        const signed = signAdvert(sha, new Uint8Array(cases[i][0]), out, cases[i][1].length, cases[i][2]);
        let text = '';
        for (let j = 0; j < signed.length; j++) text += (signed[j] | 256).toString(16).slice(1);
        print('TAG ' + text);
      }`;
    const code = await toEs5(await bundle({ source, dir: ROOT }));
    const printed = runScriptInEspruino(code).split('\n').filter((l) => l.startsWith('TAG ')).map((l) => l.slice(4).trim());
    const expected = cases.map(([k, d, c]) => {
      const out = new Uint8Array(24);
      out.set(d);
      return hex(signAdvert(nodeSha256, k, out, d.length, c));
    });
    assert.deepEqual(printed, expected);
    // And Node's HMAC (the hub's) agrees with each.
    for (const [i, [k]] of cases.entries()) {
      const bytes = Buffer.from(printed[i], 'hex');
      assert.equal(hex(bytes.subarray(-4)), createHmac('sha256', k).update(bytes.subarray(0, -4)).digest('hex').slice(0, 8));
    }
  });
});
