// Round 10: the signer's small files (sk, sk2) and earlier firmware's logs (sig, sig2) against power cuts at every
// byte, at seeded random instants, many power-ups in a row, and boards that come with old logs.
// `npx tsx test/hostile-findings/signer-cuts.ts N SEED`
// Oracle (docs/security.md, Signed adverts): the counter never repeats; a power-up skips at most 512 numbers; the key,
// once given to a phone, never changes.
import { createSigner, type SignerState } from '../../firmware/signer';
import { SimFlash } from '../../sim/flash';
import { seeded } from '../seeded';

const N = Number(process.argv[2] || 300);
const { rnd, ri } = seeded(Number(process.argv[3] || 1));
const signing = { sha256: () => new ArrayBuffer(32), secret: () => Array.from({ length: 32 }, () => '0123456789abcdef'[ri(16)]).join('') };
let bad = 0;
for (let c = 0; c < N; c++) {
  const flash = new SimFlash(8128);
  const log: string[] = [];
  let givenKey = '';
  let last = 0;
  const used = new Set<number>();
  let ups = 0;
  let sinceUsed = 0;
  // An old board (half the cases): earlier firmware's log, its last value record cut short or not.
  if (c % 2) {
    const key = signing.secret();
    givenKey = key;
    let text = '\nk' + key + '\n';
    let v = 256;
    const n = 1 + ri(6);
    for (let i = 0; i < n; i++) { text += '\n' + v + '\n'; v += 256; }
    if (ri(2)) text += ('\n' + v + '\n').slice(0, 1 + ri(3));
    flash.files[ri(3) ? 'sig' : 'sig2'] = text;
    last = v - 256 - 256; // numbers up to (highest whole value - 256) at least could have been used; be lenient: none checked
  }
  let st: SignerState | undefined;
  let signer = createSigner(flash, signing);
  st = signer.signerState;
  if (!givenKey) givenKey = signer.key();
  const steps = 4 + ri(12);
  for (let s = 0; s < steps; s++) {
    const adverts = ri(3) ? ri(700) : ri(5);
    const cutAt = ri(3) ? -1 : ri(90);
    if (cutAt >= 0) flash.cutAfter(cutAt);
    for (let a = 0; a < adverts && !flash.cut; a++) {
      signer = createSigner(flash, signing, st);
      signer.sign(new Uint8Array(24), new Uint8Array(7));
      if (flash.cut) break; // the board died in the write before this advert went out
      const k = st!.counter;
      if (used.has(k)) { log.push(`repeat ${k}`); }
      used.add(k);
      sinceUsed = 0;
      if (st!.signKey !== givenKey) log.push(`key changed`);
    }
    // power cut (armed or plain), then power-up, with an optional cut in the power-up's own write
    flash.powerOn();
    flash.cutAfter(-1);
    const before = Math.max(0, ...used);
    sinceUsed++;
    if (ri(4) === 0) {
      sinceUsed++;
      flash.cutAfter(ri(80));
      createSigner(flash, signing);
      flash.powerOn();
      flash.cutAfter(-1);
    }
    signer = createSigner(flash, signing);
    st = signer.signerState;
    if (st.signKey !== givenKey) log.push(`key after power-up ${st.signKey} for ${givenKey}`);
    if (st.counter < before) log.push(`counter back to ${st.counter} after ${before}`);
    if (used.size && st.counter - before > 512 * sinceUsed) log.push(`skipped ${st.counter - before}`);
  }
  if (log.length) { bad++; if (bad < 6) console.log(`case ${c}:`, log.slice(0, 4).join('; '), JSON.stringify(Object.keys(flash.files))); }
}
console.log(`${N} cases, ${bad} with a broken promise`);
