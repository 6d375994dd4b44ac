// Stands in for firmware/device.ts in a board's bundle (tools/es5.ts).
export const ON_DEVICE = true;
