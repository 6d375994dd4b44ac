// What a physics model produces: clean level changes on raw channels, at times
// in ms. The simulator adds each sensor kind's imperfections (contact bounce,
// IR noise) on top, from the scenario's seed.
export interface LevelChange {
  t: number;
  ch: number;
  level: 0 | 1;
}
