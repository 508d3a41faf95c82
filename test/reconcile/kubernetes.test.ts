import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { quietProgram } from "../helpers/program.js";
import { LIVENESS_PATH, METRICS_PATH, READINESS_PATH } from "../../src/reconcile/metrics.js";

const DIR = join(import.meta.dirname, "..", "..", "examples", "kubernetes");

interface Manifest {
  kind: string;
  metadata: { name: string };
  [key: string]: unknown;
}
interface Container {
  name: string;
  image: string;
  args: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  ports?: Array<{ name: string; containerPort: number }>;
  livenessProbe?: { httpGet: { path: string; port: string | number } };
  readinessProbe?: { httpGet: { path: string; port: string | number } };
  volumeMounts?: Array<{ mountPath: string }>;
}
interface PodSpec {
  containers: Container[];
  restartPolicy?: string;
  securityContext?: { runAsNonRoot?: boolean };
}

const files = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), "utf8")).map((d) => {
    expect(d.errors, file).toEqual([]);
    return d.toJSON() as Manifest;
  }),
);
const byKind = (kind: string): Manifest => {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const dig = (node: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], node);

/**
 * Parses a container's args with the real commander program, as the CLI would, with the action
 * replaced: every flag, value and argument parser (durations, ports) is checked, nothing runs; the
 * options are the ones the command would receive (src/cli/define.ts).
 * `$(VAR)` references are replaced the way Kubernetes does, by the value of the container's `env`.
 */
async function parseArgs(container: Container): Promise<{ command: string; options: Record<string, unknown> }> {
  const args = container.args.map((arg) =>
    arg.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (_, name: string) => {
      const entry = container.env?.find((e) => e.name === name);
      expect(entry, `$(${name}) in args is defined in env`).toBeDefined();
      return `value-of-${name}`;
    }),
  );
  let parsed: { command: string; options: Record<string, unknown> } | undefined;
  const { program, stderr } = quietProgram(DIR, async (declaration, options) => ((parsed = { command: declaration.name, options }), 0));
  await program.parseAsync(["node", "transync", ...args]).catch((error: unknown) => {
    throw new Error(`transync ${args.join(" ")}: ${String(error)}\n${stderr()}`);
  });
  expect(parsed, args.join(" ")).toBeDefined();
  return parsed!;
}

/**
 * The Secret the operator creates, as kustomization.yaml documents it: the name and keys of its
 * `kubectl create secret generic NAME --from-literal=KEY=...` command.
 */
function documentedSecret(): { name: string; keys: string[] } {
  const text = readFileSync(join(DIR, "kustomization.yaml"), "utf8").replace(/\s*\\\n#\s*/g, " ");
  const command = /kubectl create secret generic (\S+)((?: --from-literal=[\w-]+=\S+)+)/.exec(text);
  expect(command, "kustomization.yaml documents `kubectl create secret generic ...`").not.toBeNull();
  return { name: command![1]!, keys: [...command![2]!.matchAll(/--from-literal=([\w-]+)=/g)].map((m) => m[1]!) };
}

function checkSecretRefs(container: Container): void {
  const secret = documentedSecret();
  for (const ref of (container.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef] : []))) {
    expect(ref.name).toBe(secret.name);
    expect(secret.keys).toContain(ref.key);
  }
  const token = container.env?.find((e) => e.name === "SEGMENT_API_TOKEN");
  expect(token?.valueFrom?.secretKeyRef, "the token comes from the Secret, never a literal").toBeDefined();
  expect(token?.value).toBeUndefined();
  expect(container.image).toMatch(/:\d+\.\d+\.\d+(@sha256:[0-9a-f]{64})?$|@sha256:[0-9a-f]{64}$/);
  // The cache (clones, locks) must be a writable volume under readOnlyRootFilesystem: the image's own.
  expect(container.volumeMounts?.map((m) => m.mountPath)).toContain(IMAGE_CACHE_DIR);
}

/** TRANSYNC_CACHE_DIR as the Dockerfile sets it. */
const IMAGE_CACHE_DIR =
  /\bTRANSYNC_CACHE_DIR=(\S+)/.exec(readFileSync(join(DIR, "..", "..", "Dockerfile"), "utf8"))?.[1] ?? "(not set in the Dockerfile)";

describe("examples/kubernetes", () => {
  it("kustomization.yaml lists every manifest, and generates nothing over an existing Secret", () => {
    const kustomization = byKind("Kustomization") as Manifest & { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual(files.filter((f) => f !== "kustomization.yaml"));
    // A Secret in the folder (or a generator of one) would be written over the real one at every apply or sync.
    expect(manifests.filter((m) => m.kind === "Secret")).toEqual([]);
    expect(kustomization).not.toHaveProperty("secretGenerator");
    // The optional generator reads a file the user creates; it must never be committed.
    expect(readFileSync(join(DIR, ".gitignore"), "utf8").split("\n")).toContain("transync.env");
  });

  it("the Deployment runs one reconciler (Recreate) whose args the CLI accepts, probes on its metrics port", async () => {
    const deployment = byKind("Deployment");
    expect(dig(deployment, "spec.replicas")).toBe(1);
    expect(dig(deployment, "spec.strategy.type")).toBe("Recreate");
    const pod = dig(deployment, "spec.template.spec") as PodSpec;
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    const [container] = pod.containers;
    const { command, options } = await parseArgs(container!);
    expect(command).toBe("reconcile");
    expect(options.once, "a Deployment runs the loop, not one cycle").toBeUndefined();
    expect(options.repo).toMatch(/^https:\/\//);
    // The kubelet probes the pod's IP: the server must listen beyond loopback (the default).
    expect(["0.0.0.0", "::"]).toContain(options.metricsHost);
    const port = container!.ports?.find((p) => p.containerPort === options.metricsPort);
    expect(port, "a container port is --metrics-port").toBeDefined();
    expect(container!.livenessProbe?.httpGet).toEqual({ path: LIVENESS_PATH, port: port!.name });
    expect(container!.readinessProbe?.httpGet).toEqual({ path: READINESS_PATH, port: port!.name });
    expect(dig(deployment, "spec.template.metadata.annotations")).toMatchObject({
      "prometheus.io/port": String(options.metricsPort),
      "prometheus.io/path": METRICS_PATH,
    });
    checkSecretRefs(container!);
  });

  it("the CronJob plans with --detailed-exitcode and fails its Job at once on drift (exit 2)", async () => {
    const cronJob = byKind("CronJob");
    expect(dig(cronJob, "spec.concurrencyPolicy")).toBe("Forbid");
    const pod = dig(cronJob, "spec.jobTemplate.spec.template.spec") as PodSpec;
    expect(pod.restartPolicy).toBe("Never");
    const [container] = pod.containers;
    const { command, options } = await parseArgs(container!);
    expect(command).toBe("plan");
    expect(options.detailedExitcode).toBe(true);
    expect(options.refresh).toBe("full");
    const rules = dig(cronJob, "spec.jobTemplate.spec.podFailurePolicy.rules") as Array<{
      action: string;
      onExitCodes: { containerName: string; values: number[] };
    }>;
    expect(rules).toContainEqual({ action: "FailJob", onExitCodes: { containerName: container!.name, operator: "In", values: [2] } });
    checkSecretRefs(container!);
  });

  it("the args check itself rejects what the CLI rejects", async () => {
    const container: Container = { name: "t", image: "x:1.0.0", args: ["reconcile", "--interval", "5 minutes"] };
    await expect(parseArgs(container)).rejects.toThrow(/expected a duration/);
    await expect(parseArgs({ ...container, args: ["plan", "--no-such-flag"] })).rejects.toThrow(/unknown option/);
  });
});
