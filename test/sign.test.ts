// Signed adverts: the firmware's HMAC-SHA256 (firmware/sign.ts, built on a bare
// SHA-256 as the chip's crypto module gives it) against Node's own HMAC, in
// Node and in the real interpreter with Espruino's require('crypto').SHA256;
// and a signed advert as the hub checks it (hub/signed.ts, Node's HMAC).
import { nodeSha256 } from '../sim/sha256';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { ADVERT_MAX_BYTES, FLAG_TRUNCATED, encodeAdvert } from '../firmware/advert';
import { hmacSha256, signAdvert } from '../firmware/sign';
import { createSigner } from '../firmware/signer';
import { SimFlash } from '../sim/flash';
import { openAdvert } from '../hub/signed';
import { decodeAdvert } from '../sim/phone';
import { bundle, toEs5 } from '../tools/es5';
import { runScriptInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { needsEspruino } from './real-interpreter';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** A board's key: 32 hex digits (the HMAC key is the digits themselves). */
const keyArb = fc.stringMatching(/^[0-9a-f]{32}$/);

describe('signed adverts', () => {
  it('the firmware\'s HMAC-SHA256 is Node\'s, for any key of 32 hex digits and any advert', () => {
    fc.assert(fc.property(keyArb, fc.uint8Array({ maxLength: 24 }), (key, data) =>
      hex(new Uint8Array(hmacSha256(nodeSha256, key, data))) === createHmac('sha256', Buffer.from(key, 'latin1')).update(data).digest('hex')));
  });

  it('a signed advert holds its counter and tag within 24 bytes (4 scores at most), and the hub opens it with the key', () => {
    fc.assert(fc.property(keyArb, fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 8 }), fc.nat({ max: 0xffffffff }), (key, scores, counter) => {
      const out = new Uint8Array(ADVERT_MAX_BYTES);
      const unsigned = encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, 0, 1, out).slice();
      const advert = signAdvert(nodeSha256, key, out, counter).slice();
      assert.ok(advert.length <= ADVERT_MAX_BYTES);
      assert.equal(advert[3], Math.min(scores.length, 4));
      assert.equal((advert[4] & FLAG_TRUNCATED) !== 0, scores.length > 4);
      const opened = openAdvert(advert, Buffer.from(key, 'latin1'));
      assert.ok(opened && opened !== 'forged');
      assert.equal(opened.counter, counter);
      assert.deepEqual([...opened.bytes.subarray(8)], [...unsigned.subarray(8, 8 + 2 * advert[3])]);
      // A phone without the key reads the score alike.
      assert.deepEqual(decodeAdvert(advert, { 3: 'ringapeg' })?.scores, scores.slice(0, 4));
      const wrongKey = Buffer.from(key, 'latin1');
      wrongKey[0] ^= 1;
      assert.equal(openAdvert(advert, wrongKey), 'forged');
      for (let i = 0; i < advert.length; i++) {
        const flipped = advert.slice();
        flipped[i] ^= 0x10;
        const r = openAdvert(flipped, Buffer.from(key, 'latin1'));
        assert.ok(r === 'forged' || r === null, `byte ${i} changed and still taken`);
      }
    }), { numRuns: 50 });
  });

  it('in the real interpreter, with Espruino\'s crypto SHA256, the tag is the one Node computes', async function () {
    needsEspruino(this, 'compute the tag with Espruino\'s crypto module');
    this.timeout(60_000);
    const cases = fc.sample(fc.tuple(keyArb, fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 8 }), fc.nat({ max: 0xffffffff })), { numRuns: 20, seed: 29 });
    const source = `import { signAdvert } from './firmware/sign';
      import { encodeAdvert } from './firmware/advert';
      declare const global: { require(m: string): { SHA256(d: Uint8Array): ArrayBuffer } };
      const sha = global.require('crypto').SHA256;
      const cases = ${JSON.stringify(cases)};
      for (let i = 0; i < cases.length; i++) {
        const out = new Uint8Array(24);
        encodeAdvert({ scores: cases[i][1], turn: 0, winner: null }, 3, 0, 0, 1, out);
        const signed = signAdvert(sha, cases[i][0], out, cases[i][2]);
        let text = '';
        for (let j = 0; j < signed.length; j++) text += (signed[j] | 256).toString(16).slice(1);
        print('TAG ' + text);
      }`;
    const code = await toEs5(await bundle({ source, dir: ROOT }));
    const printed = runScriptInEspruino(code).split('\n').filter((l) => l.startsWith('TAG ')).map((l) => l.slice(4).trim());
    const expected = cases.map(([k, scores, c]) => {
      const out = new Uint8Array(24);
      encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, 0, 1, out);
      return hex(signAdvert(nodeSha256, k, out, c));
    });
    assert.deepEqual(printed, expected);
    // And Node's HMAC (the hub's) agrees with each.
    for (const [i, [k]] of cases.entries()) {
      const bytes = Buffer.from(printed[i], 'hex');
      assert.equal(hex(bytes.subarray(-4)), createHmac('sha256', Buffer.from(k, 'latin1')).update(bytes.subarray(0, -4)).digest('hex').slice(0, 8));
    }
  });

  describe('the board\'s key and counter (firmware/signer.ts)', () => {
    /** The flash with power cuts; nothing at all happens once the power is gone (erase neither). */
    class CutFlash extends SimFlash {
      erase(name: string): void {
        if (!this.cut) super.erase(name);
      }
    }
    const signing = { sha256: nodeSha256, secret: () => 'a'.repeat(32) };
    const counterOf = (advert: Uint8Array) => openAdvert(advert, Buffer.from('a'.repeat(32), 'latin1')) as { counter: number };
    const advert = () => {
      const out = new Uint8Array(ADVERT_MAX_BYTES);
      return { out, advert: encodeAdvert({ scores: [1, 2], turn: 0, winner: null }, 3, 0, 0, 1, out) };
    };

    it('a board without a key signs nothing and writes nothing; once paired, its key is kept', () => {
      const flash = new CutFlash();
      const signer = createSigner(flash, signing);
      const a = advert();
      assert.equal(signer.sign(a.out, a.advert), a.advert);
      assert.deepEqual(flash.files, {});
      assert.equal(signer.key(), 'a'.repeat(32));
      assert.equal(createSigner(flash, { ...signing, secret: () => 'b'.repeat(32) }).key(), 'a'.repeat(32));
    });

    it('a power cut at any byte of the key\'s writes: the key a phone is given next is the one the board keeps, and the counter stays in 32 bits', () => {
      // Keys whose first digits are decimal: a key cut short must not be read as a counter value, nor run into the next key.
      const keys = ['1234567890123456789012345678abcd', '9876543210987654321098765432dcba', '5555555555555555555555555555eeee'];
      for (let cut = 0; cut < 320; cut++) {
        const flash = new CutFlash();
        let made = 0;
        const changing = { sha256: nodeSha256, secret: () => keys[made++ % keys.length] };
        flash.cutAfter(cut);
        // Paired, then power-ups (each keeps a value) until the log is written afresh through its spare: the power may go in any of these writes.
        let given = createSigner(flash, changing).key();
        for (let boot = 0; boot < 40 && !flash.cut; boot++) createSigner(flash, changing);
        if (flash.cut) {
          // The key reached a phone only if its write was whole; else the phone pairs again after the power-up.
          flash.powerOn();
          given = createSigner(flash, changing).key();
        }
        const signer = createSigner(flash, changing);
        assert.equal(signer.key(), given, `cut after ${cut} bytes: ${JSON.stringify(flash.files)}`);
        const a = advert();
        const { counter } = openAdvert(signer.sign(a.out, a.advert), Buffer.from(given, 'latin1')) as { counter: number };
        assert.ok(counter < 2 ** 20, `cut after ${cut} bytes: counter ${counter}`);
      }
    });

    it('a board whose earlier firmware kept the key and values in logs keeps its key and counts on from them; the logs are let go', () => {
      const flash = new CutFlash();
      const key = '0123456789abcdef0123456789abcdef';
      // As that firmware wrote them: the key's line, values (the last cut short where the next write began), the spare.
      flash.append('sig', `\nk${key}\n\n512\n\n768\n\n10`, 0);
      flash.append('sig2', `\nk${key}\n\n256\n`, 0);
      const signer = createSigner(flash, { sha256: nodeSha256, secret: () => 'f'.repeat(32) });
      assert.equal(signer.key(), key);
      assert.equal(Object.keys(flash.files).filter((f) => !/^sk2?$/.test(f)).length, 0, 'the logs erased once the key and a value are in a small file');
      assert.equal(Object.keys(flash.files).length, 1);
      const a = advert();
      assert.equal((openAdvert(signer.sign(a.out, a.advert), Buffer.from(key, 'latin1')) as { counter: number }).counter, 769);
    });

    it('power cuts at any moment, any number of times: the counter never repeats, and never falls far behind', () => {
      fc.assert(fc.property(fc.array(fc.tuple(fc.nat({ max: 600 }), fc.nat({ max: 40 })), { minLength: 1, maxLength: 8 }), (runs) => {
        const flash = new CutFlash();
        createSigner(flash, signing).key();
        const used = new Set<number>();
        let last = 0;
        // Each power-up may skip up to 256 numbers (the reserve it kept moving ahead), and a cut the 256 it had just reserved.
        let boots = 1;
        for (const [adverts, cutAfter] of runs) {
          boots++;
          flash.powerOn();
          const signer = createSigner(flash, signing);
          flash.cutAfter(cutAfter);
          for (let i = 0; i < adverts && !flash.cut; i++) {
            const a = advert();
            const signed = signer.sign(a.out, a.advert);
            // Sent only when the power is still on after the flash was written.
            if (flash.cut) break;
            const { counter } = counterOf(signed);
            assert.ok(!used.has(counter), `counter ${counter} again`);
            assert.ok(counter > last && counter <= last + (boots + 1) * 256 + 1, `${counter} after ${last}, ${boots} power-ups`);
            used.add(counter);
            last = counter;
            boots = 0;
          }
        }
        // Two small files of the key and a value each, whatever was written: no log (a 4 KB chunk of Storage).
        assert.deepEqual(Object.keys(flash.files).sort(), ['sk', 'sk2'].slice(0, Object.keys(flash.files).length));
        const bytes = Object.values(flash.files).join('').length;
        assert.ok(bytes <= 2 * 46, `the key and counter take ${bytes} bytes`);
      }), { numRuns: 25 });
    });
  });
});

