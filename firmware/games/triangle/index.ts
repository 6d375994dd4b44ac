// The triangle game ("Ninety-nine"), everything a runtime needs in one place.
export { triangleGame, undo, RESULTS, TARGET } from './rules';
export type { TriangleState, TriangleMove, FlickResult } from './rules';
export { triangleBoard, triangleSensorName, CHIP_MM, SIDE_MM } from './board';
export { triangleInterpreter, REST_MS, ARRIVE_TIMEOUT_MS, REPLACE_MS, PLACED_MS, PASS_MS } from './interpret';
export type { TriangleInterpreter } from './interpret';
export { triangleLayout, trianglePhoneFields, triangleCommand, triangleButton, OFF_HOLD_MS } from './layout';
