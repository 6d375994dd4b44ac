// The steps of shuffleboard decisions (the checks' and the locator's steps, decide.ts's parts), counted where the
// decision calls them: each is a scan tick's, up to 20 ms on the chip, so a test can tell how many a call did
// (issue 31: no call holds the interpreter over 20 ms).
import { decision } from '../firmware/games/shuffleboard/decide';

export interface DecisionSteps {
  /** Steps done since counting began (a test may set it back to 0). */
  n: number;
  /** Puts the decision's parts back as they were. */
  restore(): void;
}

/** Counts every step of every decision from now until `restore`. */
export function countDecisionSteps(): DecisionSteps {
  const { locator, throwChecks } = decision;
  const steps: DecisionSteps = {
    n: 0,
    restore() {
      decision.locator = locator;
      decision.throwChecks = throwChecks;
    },
  };
  decision.locator = function (...args: Parameters<typeof locator>) {
    const step = locator(...args);
    return () => {
      steps.n++;
      return step();
    };
  };
  decision.throwChecks = function (...args: Parameters<typeof throwChecks>) {
    const checking = throwChecks(...args);
    const step = checking.step;
    checking.step = () => {
      steps.n++;
      return step.call(checking);
    };
    return checking;
  };
  return steps;
}
