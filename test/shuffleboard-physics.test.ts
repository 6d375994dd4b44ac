// The shuffleboard grid's physics (sim/physics/hall-grid.ts), from the parts' datasheets, and the firmware's
// model of it (board.ts: field, PEAK, MAGNET_MM) fitted to it: the firmware's constants are what a fit of its
// model to the physics gives, not numbers the two share.
import assert from 'node:assert/strict';
import { ADC, MAGNET, SENSOR, momentAm2, noiseSteps, reading, sensorOf, sensorOutput, verticalFieldT } from '../sim/physics/hall-grid';
import { GAIN_KNEE, MAGNET_MM, PEAK } from '../firmware/games/shuffleboard/board';
import { fitFirmwareModel, gainKnee } from '../tools/fit-hall';

describe('shuffleboard grid physics (from the datasheets)', () => {
  it('the N42 disc, 25 x 10 mm: a moment of 5.1 A m², 8.2 mT straight down 50 mm from its centre, none 71 mm aside (the dipole\'s cone), reversed farther', () => {
    const m = momentAm2(MAGNET.remanenceT, MAGNET.diameterMm, MAGNET.thicknessMm);
    assert.ok(Math.abs(m - 5.1) < 0.05, `${m}`);
    // On the axis: μ0 2m / (4π z³).
    assert.ok(Math.abs(verticalFieldT(m, 0, 0, 50) - (2e-7 * m) / 0.05 ** 3) < 1e-9);
    assert.ok(Math.abs(verticalFieldT(m, 0, 0, 50) * 1000 - 8.2) < 0.1);
    assert.ok(Math.abs(verticalFieldT(m, 50 * Math.SQRT2, 0, 50)) < 1e-9);
    assert.ok(verticalFieldT(m, 0, 100, 50) < 0);
  });

  it('the DRV5055A1 at 3.3 V: half the supply with no field, 60 mV a millitesla, clamped 0.2 V from either rail; its noise some 1.4 ADC steps RMS', () => {
    assert.equal(sensorOutput(0, 1), 0.5);
    assert.ok(Math.abs(sensorOutput(0.001, 1) - (1.65 + 0.06) / 3.3) < 1e-12);
    assert.ok(Math.abs(sensorOutput(1, 1) - 3.1 / 3.3) < 1e-12);
    assert.ok(Math.abs(sensorOutput(-1, 1) - 0.2 / 3.3) < 1e-12);
    assert.ok(noiseSteps() > 1.3 && noiseSteps() < 1.5, `${noiseSteps()}`);
  });

  it('a reading is whole ADC steps; the same read gives the same reading, another read its own noise; parts spread within their tolerances', () => {
    const s = sensorOf(3, 10, 0, 0);
    const r = reading(s, [], 3, 10, 5);
    assert.equal(r * ADC.steps, Math.round(r * ADC.steps));
    assert.equal(reading(s, [], 3, 10, 5), r);
    const many = new Set(Array.from({ length: 50 }, (_, k) => reading(s, [], 3, 10, k)));
    assert.ok(many.size > 3);
    for (let ch = 0; ch < 100; ch++) {
      const p = sensorOf(1, ch, 0, 0);
      assert.ok(Math.abs(p.gain - 1) <= SENSOR.sensitivityTolerance && Math.abs(p.heightMm) <= SENSOR.heightToleranceMm && Math.abs(p.offsetSteps) <= SENSOR.offsetSteps);
    }
  });

  it('every magnet counts at every sensor: eight magnets 300 mm or 600 mm along the grid move a nominal sensor\'s reading by eight times the dipole\'s far field (-1.2 and -0.17 steps each), none left out', () => {
    const s = sensorOf(0, 0, 0, 0, { scale: 0 });
    const m = momentAm2(MAGNET.remanenceT, MAGNET.diameterMm, MAGNET.thicknessMm);
    const quiet = reading(s, [], 0, 0, null) * ADC.steps;
    // (Far off the axis: μ0 m / 4π (3 dz² - r²) / r⁵, the sensor's 60 mV a millitesla, 4096 steps of 3.3 V.)
    for (const [at, steps] of [[300, -1.2], [600, -0.17]]) {
      const r2 = at * at + 50 * 50;
      const b = (1e-7 * m * (3 * 50 * 50 - r2)) / r2 ** 2.5 * 1e9;
      assert.ok(Math.abs((b * 1000 * 60) / 1000 / 3.3 * ADC.steps - steps) < 0.05, `${b}`);
      const magnets = Array.from({ length: 8 }, () => ({ d: at, y: 0, pol: 1, moment: m, heightMm: 50 }));
      // (Exact to the rounding: the reading of the field eight times over.)
      const read = reading(s, magnets, 0, 0, null) * ADC.steps;
      assert.ok(Math.abs(read - quiet - 8 * (b * 60 / 3.3) * ADC.steps) <= 0.5 + 1e-9, `${at}: ${read - quiet}`);
    }
  });

  it('the firmware\'s model fitted to the physics: its constants PEAK and MAGNET_MM are the fit\'s, within 0.5% and 0.5 mm, and its shape fits to 0.2% of the supply', () => {
    const fit = fitFirmwareModel();
    assert.ok(Math.abs(fit.heightMm - MAGNET_MM) <= 0.5, `fitted height ${fit.heightMm.toFixed(2)} mm, firmware ${MAGNET_MM}`);
    assert.ok(Math.abs(fit.peak / PEAK - 1) <= 0.005, `fitted peak ${fit.peak.toFixed(4)}, firmware ${PEAK}`);
    assert.ok(fit.worst < 0.002, `worst misfit ${fit.worst}`);
  });

  it('the firmware weighs a sensor by the parts\' tolerances: GAIN_KNEE is the reading where a sensor\'s own spread (its sensitivity, its die\'s height) outweighs its noise and offset, within 5%', () => {
    const knee = gainKnee();
    assert.ok(Math.abs(GAIN_KNEE / knee - 1) <= 0.05, `worked out ${knee.toFixed(4)}, firmware ${GAIN_KNEE}`);
  });
});
