import type { LiveState } from "../../src/model/live-state.js";
import type { Transformation } from "../../src/model/transformation.js";
import type { Plan } from "../../src/plan/index.js";
import { WORKSPACE } from "./builders.js";

/**
 * A tiny in-memory server for convergence tests. It behaves like the API in the ways that make
 * diffing hard: PATCH merges (absent = unchanged, `null` clears, arrays replace), write-only fields
 * are never returned, `propertyPaths` come back sorted, empty arrays are sometimes omitted, and the
 * list omits fqlDefinedProperties.
 */
export class InMemoryApi {
  private readonly store = new Map<string, Record<string, unknown>>();
  private nextId = 0;

  constructor(initial: Transformation[]) {
    for (const t of initial) this.store.set(t.id, structuredClone(t) as unknown as Record<string, unknown>);
  }

  apply(plan: Plan): void {
    for (const action of plan.actions) {
      if (action.kind === "delete") this.store.delete(action.id!);
      if (action.kind === "create") this.store.set(`new${String(this.nextId++).padStart(4, "0")}`, this.merge({}, action.body!));
      if (action.kind === "update") this.store.set(action.id!, this.merge(this.store.get(action.id!)!, action.body!));
    }
  }

  private merge(stored: Record<string, unknown>, body: object): Record<string, unknown> {
    const next = structuredClone(stored);
    // Through JSON, as over HTTP: an `undefined` member is not sent at all.
    const sent = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
    for (const [key, value] of Object.entries(sent)) {
      if (value === null) delete next[key];
      else next[key] = structuredClone(value);
    }
    return next;
  }

  /** Everything the server holds, write-only fields included (what a test checks convergence against). */
  stored(): Array<Record<string, unknown> & { id: string }> {
    return [...this.store.entries()].map(([id, stored]) => ({ ...structuredClone(stored), id }));
  }

  /** What the planner reads: the list, plus `get` for the ids `details` selects. */
  read(details: (t: Transformation) => boolean): LiveState {
    const transformations = [...this.store.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, stored]) => this.reply(id, stored))
      .map((t) => (details(t) ? t : withoutFql(t)));
    return { workspaceId: WORKSPACE, transformations, apiCalls: 0 };
  }

  private reply(id: string, stored: Record<string, unknown>): Transformation {
    const { drop: _drop, hashPropertiesConfiguration: _hash, ...visible } = stored;
    const reply = { ...visible, id, workspaceId: WORKSPACE, propertyDrops: [] } as unknown as Transformation;
    reply.propertyValueTransformations = reply.propertyValueTransformations?.map((v) => ({
      ...v,
      propertyPaths: [...v.propertyPaths].sort(),
    }));
    if (reply.allowProperties?.length === 0) delete reply.allowProperties;
    if (reply.propertyRenames) reply.propertyRenames = [...reply.propertyRenames].reverse();
    if (reply.fqlDefinedProperties === undefined) reply.fqlDefinedProperties = [];
    return reply;
  }
}

function withoutFql(t: Transformation): Transformation {
  const { fqlDefinedProperties: _fql, ...rest } = t;
  return rest;
}
