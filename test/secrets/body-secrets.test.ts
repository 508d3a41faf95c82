import { describe, expect, it } from "vitest";
import { openBodySecrets, sealBodySecrets, type SealablePlan } from "../../src/secrets/body-secrets.js";

const KEY = 'k3y-with "quotes" <and> \\ slash';
const OTHER = "other-key-value";
const env = { TRANSYNC_KEY_A: KEY, TRANSYNC_KEY_B: OTHER, SEGMENT_API_TOKEN: "the-api-token-1", PATH: "/usr/bin" };
const digestOf = (plan: object): string => `digest-of-${JSON.stringify(plan).length}`;

function planOf(...bodies: unknown[]): SealablePlan {
  return { actions: bodies.map((body, i) => ({ name: `T${i}`, body })), digest: "d0" };
}

describe("sealBodySecrets and openBodySecrets: a saved plan's bodies", () => {
  it("a plan whose bodies hold no secret is the same object (its bytes unchanged)", () => {
    const plan = planOf({ name: "plain", if: "event = '[redacted]'" });
    expect(sealBodySecrets(plan, env, digestOf).plan).toBe(plan);
    expect(openBodySecrets(plan, env, "plan.json")).toBe(plan);
  });

  it("round trip: several secrets in one string, nested strings, a literal [redacted] kept; the digest made again", () => {
    const body = {
      name: `${KEY}${OTHER} and [redacted] ${KEY}`,
      hashPropertiesConfiguration: { paths: ["properties.a", `properties.${OTHER}`], key: { fromEnv: "TRANSYNC_KEY_A" } },
      enabled: true,
    };
    const { plan: sealed, unsealable } = sealBodySecrets(planOf(body), env, digestOf);
    expect(unsealable).toEqual([]);
    expect(JSON.stringify(sealed)).not.toContain(OTHER);
    expect(JSON.stringify(sealed)).not.toContain("k3y-with");
    expect(sealed.digest).toBe(digestOf({ actions: sealed.actions }));
    const [action] = sealed.actions;
    expect((action!.body as typeof body).name).toBe("[redacted][redacted] and [redacted] [redacted]");
    expect(action!.bodySecrets).toEqual([
      {
        path: ["name"],
        parts: [{ fromEnv: "TRANSYNC_KEY_A" }, { fromEnv: "TRANSYNC_KEY_B" }, " and [redacted] ", { fromEnv: "TRANSYNC_KEY_A" }],
      },
      { path: ["hashPropertiesConfiguration", "paths", 1], parts: ["properties.", { fromEnv: "TRANSYNC_KEY_B" }] },
    ]);
    const opened = openBodySecrets(sealed, env, "plan.json");
    expect(opened.actions[0]).toEqual({ name: "T0", body });
  });

  it("a secret of another variable (the API token) is sealed too, and listed as one apply will not read back", () => {
    const { plan: sealed, unsealable } = sealBodySecrets(planOf({ name: "named the-api-token-1" }), env, digestOf);
    expect(JSON.stringify(sealed)).not.toContain("the-api-token-1");
    expect(unsealable).toEqual([{ name: "T0", path: ["name"], variable: "SEGMENT_API_TOKEN" }]);
    expect(() => openBodySecrets(sealed, env, "plan.json")).toThrow(/held the value of SEGMENT_API_TOKEN/);
  });

  it("opening refuses an unset variable, parts that do not make the text shown, a path twice or a path to no text", () => {
    const { plan: sealed } = sealBodySecrets(planOf({ name: `A ${KEY}`, if: "x" }), env, digestOf);
    expect(() => openBodySecrets(sealed, { TRANSYNC_KEY_A: " " }, "plan.json")).toThrow(/TRANSYNC_KEY_A, which is not set/);
    const edit = (bodySecrets: unknown): SealablePlan => ({ ...sealed, actions: [{ ...sealed.actions[0]!, bodySecrets }] }) as SealablePlan;
    expect(() => openBodySecrets(edit([{ path: ["name"], parts: ["B ", { fromEnv: "TRANSYNC_KEY_A" }] }]), env, "p")).toThrow(
      /does not make the text its body shows/,
    );
    const twice = sealed.actions[0]!.bodySecrets!;
    expect(() => openBodySecrets(edit([...twice, ...twice]), env, "p")).toThrow(/twice/);
    expect(() => openBodySecrets(edit([{ path: ["nope"], parts: [{ fromEnv: "TRANSYNC_KEY_A" }] }]), env, "p")).toThrow(
      /no text of its body/,
    );
  });
});
