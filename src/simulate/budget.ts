import { TransyncError } from "../errors.js";

/**
 * The work budget of one run of the simulator (`transync test`, `simulate`, `plan --events`): test
 * files, sample events and transformations all come from a pull request, and `test` runs on every
 * push, so their total work is bounded, not only each input's size (docs/simulator.md, "The work
 * budget"). Work is counted in steps:
 * - evaluating an expression: one step per node and per path segment (its static size, charged
 *   whole even when `and`/`or` stop early);
 * - functions and comparisons: one step per character a function reads (`contains`, `match`, the
 *   casing functions, `length`, `bool`, `number`, the text `string` makes) and per value node `=`,
 *   `!=` and `in` compare; `match` also one per character test of its search (per 32 pattern
 *   characters at once for patterns with `?` or classes);
 * - applying: COPY_STEPS per value node an FQL-defined property copies and per key copied when a
 *   write copies an object of the event, and one per character hashed.
 */
export interface WorkMeter {
  /** Adds `steps` of work; throws SimulationBudgetError when the budget is used up. */
  charge(steps: number): void;
}

/** For callers that run one expression by hand (tests, library use): counts nothing. */
export const UNMETERED: WorkMeter = { charge() {} };

/**
 * The default budget: one run of the simulator measured at about a minute of CPU on the 2-core
 * development machine when spent on its slowest steps (docs/simulator.md has the figures), and
 * about 100 times what 10,000 cases through 50 transformations spend.
 */
export const DEFAULT_SIMULATION_BUDGET = 1_000_000_000;

/** A copy allocates: it weighs more than a comparison, so copying cannot exhaust memory first. */
export const COPY_STEPS = 8;

export class SimulationBudgetError extends TransyncError {
  constructor(
    readonly limit: number,
    where?: string,
  ) {
    super(
      `the simulation stopped${where === undefined ? "" : ` at ${where}`}: one run may do at most ${limit.toLocaleString("en-US")} steps of work ` +
        "(docs/simulator.md, \"The work budget\"), and the transformations and events so far used them up; " +
        "look for a match() with a long pattern on long strings, FQL-defined properties that copy large values, or very large test events.",
    );
  }

  /** The same error, naming the case or event being run when the budget ran out. */
  at(where: string): SimulationBudgetError {
    return new SimulationBudgetError(this.limit, where);
  }
}

/** The steps one run may take; shared by everything the run simulates. */
export class SimulationBudget implements WorkMeter {
  private spentSteps = 0;
  constructor(readonly limit: number = DEFAULT_SIMULATION_BUDGET) {}

  charge(steps: number): void {
    this.spentSteps += steps;
    if (this.spentSteps > this.limit) throw new SimulationBudgetError(this.limit);
  }

  get spent(): number {
    return this.spentSteps;
  }
}
