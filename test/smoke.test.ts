import assert from 'node:assert/strict';
import { EDGE, TRANSIT } from '../firmware/sensing';
describe('harness', () => { it('runs TypeScript tests', () => { assert.notEqual(EDGE, TRANSIT); }); });
