// Sensor imperfections laid over clean level changes: what a real contact or
// IR beam does around each edge. Each model keeps the clean edge's final level
// and time window, so a debouncer with a longer time than the model's spread
// must report exactly the clean edges.
import type { SensorKind } from '../../firmware/board';
import type { LevelChange } from './types';

/** A source of uniform numbers in [0, 1), seeded for repeatability. */
export type Random = () => number;

export interface ImperfectionOptions {
  /** Contacts: bounces end within this many ms of the clean edge (reeds: about 1-3). */
  bounceMs: number;
  /** Largest number of extra level toggles a contact makes (always an even number is used). */
  bounceFlips: number;
  /** IR: a slow beam edge chatters within this many ms. */
  chatterMs: number;
}

export const DEFAULT_IMPERFECTIONS: ImperfectionOptions = { bounceMs: 3, bounceFlips: 6, chatterMs: 0.5 };

/**
 * The edge followed by `flips` toggles (an even number, so the level ends where
 * the clean edge put it) at random times within `spreadMs` after it.
 */
export function toggles(edge: LevelChange, flips: number, spreadMs: number, random: Random): LevelChange[] {
  const times: number[] = [];
  for (let i = 0; i < flips; i++) times.push(edge.t + random() * spreadMs);
  times.sort((a, b) => a - b);
  const out: LevelChange[] = [edge];
  let level = edge.level;
  for (const t of times) {
    level = level === 1 ? 0 : 1;
    out.push({ t, ch: edge.ch, level });
  }
  return out;
}

/** A contact closing or opening: 0 to `bounceFlips` extra toggles within `bounceMs`. */
export function contactBounce(edge: LevelChange, random: Random, o: ImperfectionOptions = DEFAULT_IMPERFECTIONS): LevelChange[] {
  const flips = 2 * Math.floor(random() * (Math.floor(o.bounceFlips / 2) + 1));
  return toggles(edge, flips, o.bounceMs, random);
}

/** An IR beam edge: sometimes one or two quick chatters while the edge crosses the beam. */
export function irChatter(edge: LevelChange, random: Random, o: ImperfectionOptions = DEFAULT_IMPERFECTIONS): LevelChange[] {
  const flips = 2 * Math.floor(random() * 3);
  return toggles(edge, flips, o.chatterMs, random);
}

/** What a sensor of `kind` makes of a clean edge (hall sensors switch cleanly, with hysteresis). */
export function imperfect(kind: SensorKind, edge: LevelChange, random: Random, o: ImperfectionOptions = DEFAULT_IMPERFECTIONS): LevelChange[] {
  if (kind === 'contact') return contactBounce(edge, random, o);
  if (kind === 'ir') return irChatter(edge, random, o);
  return [edge];
}

/** A clean pulse: an object passing a sensor for `ms`. */
export function transit(t: number, ch: number, ms: number): LevelChange[] {
  return [{ t, ch, level: 1 }, { t: t + ms, ch, level: 0 }];
}
