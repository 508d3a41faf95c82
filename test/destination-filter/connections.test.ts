import { describe, expect, it } from "vitest";
import { loadProjectConfig } from "../../src/desired/load-project.js";
import { connectionsOf } from "../../src/desired/connections.js";
import { memorySource } from "../desired/memory-source.js";

// transync.yaml's `connections:` (issue 37): destination instances by alias, an environment's entry
// replacing the top-level one of its alias; a bad entry or an unknown source alias is an error at its line.
const PROJECT = `apiVersion: transync/v1
environments:
  staging:
    sources: { web: src_stg_web }
  prod:
    sources: { web: src_prd_web }
    connections:
      amplitude: { source: web, destination: { id: dst_amp_prod, slug: amplitude } }
connections:
  amplitude: { source: web, destination: { slug: amplitude, name: Amplitude staging } }
  ads: { source: src_fixed, destination: { slug: google-ads, name: Ads } }
`;

const load = (text: string, env?: string) => loadProjectConfig(memorySource({ "transync.yaml": text }), env ? { env } : {});

describe("connections: in transync.yaml", () => {
  it("resolves each alias for the environment, the environment's own entry replacing the top-level one", async () => {
    const staging = await load(PROJECT, "staging");
    expect(staging.diagnostics).toEqual([]);
    expect(connectionsOf(staging.config, "staging")).toEqual({
      amplitude: {
        source: "src_stg_web",
        sourceAlias: "web",
        destination: { slug: "amplitude", name: "Amplitude staging" },
        path: ["connections", "amplitude"],
      },
      ads: { source: "src_fixed", destination: { slug: "google-ads", name: "Ads" }, path: ["connections", "ads"] },
    });
    const prod = await load(PROJECT, "prod");
    expect(connectionsOf(prod.config, "prod").amplitude).toEqual({
      source: "src_prd_web",
      sourceAlias: "web",
      destination: { id: "dst_amp_prod", slug: "amplitude" },
      path: ["environments", "prod", "connections", "amplitude"],
    });
  });

  it("refuses an entry with neither { slug, name } nor { id }, at its line", async () => {
    const loaded = await load(`apiVersion: transync/v1\nconnections:\n  amp: { source: web, destination: { slug: amplitude } }\n`);
    const errors = loaded.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ file: "transync.yaml", line: 3, path: expect.stringContaining("connections.amp.destination") });
  });

  it("refuses a mistyped source alias, and an alias another environment lacks, at the entry's source", async () => {
    const typo = await load(
      `apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_w } }\nconnections:\n  amp: { source: wbe, destination: { id: dst_1 } }\n`,
    );
    expect(typo.diagnostics).toMatchObject([
      { severity: "error", rule: "unknown-source-alias", line: 5, col: 18, message: expect.stringContaining(`did you mean "web"`) },
    ]);
    const missing = await load(
      `apiVersion: transync/v1\nenvironments:\n  prod: { sources: { web: src_w } }\n  dev: { sources: { ios: src_i } }\nconnections:\n  amp: { source: web, destination: { id: dst_1 } }\n`,
    );
    expect(missing.diagnostics).toMatchObject([
      { severity: "error", rule: "unknown-source-alias", line: 6, message: expect.stringContaining(`not defined for environment "dev"`) },
    ]);
  });
});
