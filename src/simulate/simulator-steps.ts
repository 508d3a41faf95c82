import type { SimulatedBy } from "../model/fields.js";
import { orderTransformations } from "./order-transformations.js";
import {
  allowProperties,
  dropsEvent,
  hashProperties,
  ifCondition,
  renameEvent,
  renameProperties,
  setFqlProperties,
  setPropertyValues,
} from "./transform-steps.js";

/**
 * The simulator's steps by the name the field registry's `simulated.step` gives them
 * (src/model/fields.ts): every name the registry gives has its function here, and nothing else is
 * here, or the build fails. The simulator calls each step through this map (`runChain`,
 * `transformEvent`), so the function a field names is the one that runs; the field's generated
 * end-to-end test (test/model/field-roundtrip.test.ts) watches it run (`vi.spyOn`), which is why the
 * map is not frozen.
 */
export const SIMULATOR_STEPS = {
  orderTransformations,
  ifCondition,
  dropsEvent,
  renameEvent,
  renameProperties,
  setPropertyValues,
  setFqlProperties,
  allowProperties,
  hashProperties,
} satisfies Record<SimulatedBy, (...args: never[]) => unknown>;
