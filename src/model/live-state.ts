import type { Transformation } from "./transformation.js";

/** What `plan` knows of the workspace after reading it. */
export interface LiveState {
  workspaceId: string;
  /**
   * Every transformation of the workspace, sorted by id. Elements read from the list lack
   * `fqlDefinedProperties` (the API omits it there); those also fetched with `get` carry it.
   */
  transformations: Transformation[];
  /** Number of HTTP calls the read made (lists, gets, workspace), retries not included. */
  apiCalls: number;
}
