// What only a throw's decision runs: the checks of its table (throw-checks.ts)
// and the finding of the weights in it (locate.ts). A board keeps them out of
// its bundle, in a module of its own (DECIDE_MODULE, firmware/modules.ts) that
// the interpreter loads when a throw is decided, in a step of its own, holds
// while the decision's steps run, and lets go once the weights are found.
import { locator } from './locate';
import { throwChecks } from './throw-checks';

export const decision = { locator: locator, throwChecks: throwChecks };
