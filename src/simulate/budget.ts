import { TransyncError } from "../errors.js";

/**
 * The work budget of one run of the simulator (`transync test`, `simulate`, `plan --events`): test
 * files, sample events and transformations all come from a pull request, and `test` runs on every
 * push, so their total work is bounded, not only each input's size (docs/simulator.md, "The work
 * budget"). Work is counted in steps, weighted so that one step is at most about 20 ns of CPU on the
 * 2-core development machine under load (the figures are in docs/simulator.md):
 * - evaluating an expression: NODE_STEPS per node and per path segment (its static size, charged
 *   whole even when `and`/`or` stop early); LOOK_STEPS per transformation looked at per event;
 * - functions: one step per character a function reads (`contains`, `match`, `lowercase`,
 *   `uppercase`, `length`, `bool`, `number`, the text `string` makes), WORD_STEPS per character for
 *   `snakecase`, `kebabcase`, `titlecase`; `match` also one per character test of its search (per 32
 *   pattern characters at once for a piece with `?` or classes);
 * - comparisons: COMPARE_STEPS per pair of values `=`, `!=` and `in` compare inside lists and objects;
 * - applying: COPY_STEPS per key an FQL-defined property copies and per key a write copies when it
 *   copies an object of the event, and one per character hashed.
 */
export interface WorkMeter {
  /** Adds `steps` of work; throws SimulationBudgetError when the budget is used up. */
  charge(steps: number): void;
}

/** For callers that run one expression by hand (tests, library use): counts nothing. */
export const UNMETERED: WorkMeter = { charge() {} };

/**
 * The default budget: well under a minute of CPU when spent on the slowest steps, and about 30
 * times what the benchmark's 10,000 events through 50 transformations spend (docs/simulator.md).
 */
export const DEFAULT_SIMULATION_BUDGET = 2_000_000_000;

export const NODE_STEPS = 4;
export const LOOK_STEPS = 8;
export const WORD_STEPS = 32;
export const COMPARE_STEPS = 32;
/** A copy allocates (and an FQL-defined property's copy stays in the event): the heaviest step. */
export const COPY_STEPS = 128;

export class SimulationBudgetError extends TransyncError {
  constructor(
    readonly limit: number,
    where?: string,
  ) {
    super(
      `the simulation stopped${where === undefined ? "" : ` at ${where}`}: one run may do at most ${limit.toLocaleString("en-US")} steps of work ` +
        '(docs/simulator.md, "The work budget"), and the transformations and events so far used them up; ' +
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
