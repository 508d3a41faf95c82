import { describe, expect, it } from "vitest";
import { simpleGit } from "simple-git";
import { appliedRefName, readAppliedRef, recordAppliedRef, resolveBase } from "../../src/git/applied-ref.js";
import { openGitSource } from "../../src/git/git-source.js";
import { silentLogger } from "../../src/log.js";
import { bareRemote, gitdir, tempDir } from "./gitdir.js";

const logger = silentLogger();

describe("applied ref", () => {
  it("records, reads and resolves the applied commit of an environment", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first", { "t/a.yaml": "a" });
    const second = await repo.commit("second", { "t/b.yaml": "b" });

    expect(await readAppliedRef(repo.dir, "production")).toBeUndefined();
    await expect(resolveBase(repo.dir, "applied", "production")).rejects.toThrow(
      /no applied commit is recorded for environment "production".*--record-ref/,
    );

    await recordAppliedRef(repo.dir, "production", first);
    expect(await readAppliedRef(repo.dir, "production")).toBe(first);
    expect(await resolveBase(repo.dir, "applied", "production")).toBe(first);
    expect(await readAppliedRef(repo.dir, "staging")).toBeUndefined();
    expect((await repo.git.raw(["rev-parse", "refs/transync/applied/production"])).trim()).toBe(first);

    await recordAppliedRef(repo.dir, "production", "main");
    expect(await readAppliedRef(repo.dir, "production")).toBe(second);
    // The applied commit may move back (a revert applied).
    await recordAppliedRef(repo.dir, "production", first);
    expect(await readAppliedRef(repo.dir, "production")).toBe(first);
  });

  it("resolves other bases as refs, with a clear error for unknown ones", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first");
    await repo.commit("second");
    expect(await resolveBase(repo.dir, "HEAD~1", "default")).toBe(first);
    await expect(resolveBase(repo.dir, "origin/main", "default")).rejects.toThrow(/base ref "origin\/main" not found/);
    await expect(recordAppliedRef(repo.dir, "default", "deadbeef")).rejects.toThrow(/commit deadbeef is not in/);
  });

  it("refuses environment names that cannot be a ref", () => {
    expect(appliedRefName("prod-eu_1")).toBe("refs/transync/applied/prod-eu_1");
    for (const bad of ["", "a b", "../x", "x.lock", "-x", "a/b"]) expect(() => appliedRefName(bad)).toThrow(/cannot be used in a git ref/);
  });

  it("pushes the ref to the remote of a cache clone, and the next clone sees it", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first", { "t/a.yaml": "a" });
    const remote = await bareRemote(repo);
    const cacheDir = await tempDir("transync-cache-");

    const source = await openGitSource({ repo: remote.url, cacheDir, logger });
    await recordAppliedRef(source.root, "production", source.commit, { push: source.remote !== undefined });
    expect((await simpleGit(remote.path).raw(["rev-parse", "refs/transync/applied/production"])).trim()).toBe(first);

    // Another machine (another cache) resolves `--base applied` after its fetch.
    const elsewhere = await openGitSource({ repo: remote.url, cacheDir: await tempDir("transync-cache-"), logger });
    expect(await resolveBase(elsewhere.root, "applied", "production")).toBe(first);
  });
  it("reads the applied record by its exact name only: a tag, branch or remote-tracking ref of that name is ignored", async () => {
    const repo = await gitdir();
    const recorded = await repo.commit("recorded", { "t/a.yaml": "a" });
    const forged = await repo.commit("forged", { "t/a.yaml": "a2" });
    // What a pull request's author can push, and what a checkout or a cache clone then holds.
    for (const ref of [
      "refs/tags/refs/transync/applied/default",
      "refs/heads/refs/transync/applied/default",
      "refs/remotes/origin/refs/transync/applied/default",
      "refs/remotes/refs/transync/applied/default",
    ]) {
      await repo.git.raw(["update-ref", ref, forged]);
      expect(await readAppliedRef(repo.dir, "default"), ref).toBeUndefined();
      await expect(resolveBase(repo.dir, "applied", "default"), ref).rejects.toThrow(/no applied commit is recorded/);
    }
    await recordAppliedRef(repo.dir, "default", recorded);
    expect(await readAppliedRef(repo.dir, "default")).toBe(recorded);
    expect(await resolveBase(repo.dir, "applied", "default")).toBe(recorded);
  });

  it("an applied ref that is not a commit (a tag object of a tree) counts as absent", async () => {
    const repo = await gitdir();
    await repo.commit("first", { "t/a.yaml": "a" });
    const tree = (await repo.git.raw(["rev-parse", "HEAD^{tree}"])).trim();
    await repo.git.raw(["update-ref", "refs/transync/applied/default", tree]);
    expect(await readAppliedRef(repo.dir, "default")).toBeUndefined();
  });
});
