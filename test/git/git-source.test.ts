import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openGitSource } from "../../src/git/git-source.js";
import { repoCacheDir, transyncCacheDir } from "../../src/git/repo-cache.js";
import { homedir } from "node:os";
import { silentLogger } from "../../src/log.js";
import { UsageError } from "../../src/errors.js";
import { bareRemote, gitdir, tempDir } from "./gitdir.js";

const logger = silentLogger();
const DOC_A = "name: a\nsourceId: src1\n";
const DOC_B = "name: b\nsourceId: src1\n";

describe("openGitSource, local path with a ref", () => {
  it("reads the commit and ignores uncommitted edits", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first", { "transformations/a.yaml": DOC_A, "transync.yaml": "dir: transformations\n" });
    await repo.write({ "transformations/a.yaml": "name: edited\n", "transformations/new.yaml": DOC_B });

    const source = await openGitSource({ repo: repo.dir, ref: "main", logger });

    expect(source.commit).toBe(first);
    expect(await source.hasUncommittedChanges(["transformations", "transync.yaml"])).toBe(false);
    expect(source.ref).toBe("main");
    expect(await source.list("transformations")).toEqual(["transformations/a.yaml"]);
    expect((await source.read("transformations/a.yaml")).toString()).toBe(DOC_A);
    expect(await source.exists("transync.yaml")).toBe(true);
    expect(await source.exists("transformations/new.yaml")).toBe(false);
    expect(await source.list("missing")).toEqual([]);
    expect(source.description).toBe(`${repo.dir}@${first.slice(0, 12)}`);
  });

  it("reads an older commit by sha, and nested folders, sorted", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first", { "t/z.yaml": "z", "t/sub/b.yaml": "b", "t/a.yaml": "a" });
    await repo.commit("second", { "t/a.yaml": "a2", "t/z.yaml": null });
    const source = await openGitSource({ repo: repo.dir, ref: first, logger });
    expect(await source.list("t/")).toEqual(["t/a.yaml", "t/sub/b.yaml", "t/z.yaml"]);
    expect((await source.read("./t/a.yaml")).toString()).toBe("a");
  });

  it("treats a subfolder of a checkout as the root", async () => {
    const repo = await gitdir();
    await repo.commit("first", { "infra/segment/transformations/a.yaml": DOC_A, "other/x.yaml": "x" });
    const source = await openGitSource({ repo: "infra/segment", cwd: repo.dir, ref: "HEAD", logger });
    expect(await source.list("transformations")).toEqual(["transformations/a.yaml"]);
    expect((await source.read("transformations/a.yaml")).toString()).toBe(DOC_A);
    expect(await source.exists("other/x.yaml")).toBe(false);
  });

  it("gives clear errors for an unknown ref, a missing file and a path outside the root", async () => {
    const repo = await gitdir();
    await repo.commit("first", { "t/a.yaml": "a" });
    await expect(openGitSource({ repo: repo.dir, ref: "no-such-branch", logger })).rejects.toThrow(/git ref "no-such-branch" not found/);
    await expect(openGitSource({ repo: repo.dir, ref: "--output=/tmp/x", logger })).rejects.toThrow(UsageError);
    const source = await openGitSource({ repo: repo.dir, ref: "main", logger });
    await expect(source.read("t/missing.yaml")).rejects.toThrow(/"t\/missing.yaml" does not exist/);
    await expect(source.list("../elsewhere")).rejects.toThrow(/"..\/elsewhere" leaves the project/);
  });

  it("refuses a folder that is not a git repository", async () => {
    const dir = await tempDir();
    await expect(openGitSource({ repo: dir, logger })).rejects.toThrow(/is not a git repository/);
  });
});

describe("openGitSource, working tree", () => {
  it("reads files on disk and records HEAD and dirtiness of the folder", async () => {
    const repo = await gitdir();
    const head = await repo.commit("first", { "app/transformations/a.yaml": DOC_A, "elsewhere/readme.md": "x" });

    const clean = await openGitSource({ repo: join(repo.dir, "app"), logger });
    expect(clean.commit).toBe(head);
    const paths = ["transformations", "transync.yaml"];
    expect(await clean.hasUncommittedChanges(paths)).toBe(false);

    await repo.write({ "elsewhere/readme.md": "changed outside the folder", "app/plan.md": "beside the folder" });
    expect(await (await openGitSource({ repo: join(repo.dir, "app"), logger })).hasUncommittedChanges(paths)).toBe(false);

    await repo.write({ "app/transformations/b.yaml": DOC_B });
    const dirty = await openGitSource({ repo: join(repo.dir, "app"), logger });
    expect(await dirty.hasUncommittedChanges(paths)).toBe(true);
    expect(dirty.commit).toBe(head);
    expect(await dirty.list("transformations")).toEqual(["transformations/a.yaml", "transformations/b.yaml"]);
    expect((await dirty.read("transformations/b.yaml")).toString()).toBe(DOC_B);
  });

  it("reports a repository without commits", async () => {
    const repo = await gitdir();
    await expect(openGitSource({ repo: repo.dir, logger })).rejects.toThrow(/has no commits yet/);
  });
});

describe("openGitSource, URL", () => {
  it("clones a remote into the cache, reads its default branch, and fetches again on the next open", async () => {
    const repo = await gitdir();
    const first = await repo.commit("first", { "transformations/a.yaml": DOC_A });
    const remote = await bareRemote(repo);
    const cacheDir = await tempDir("transync-cache-");

    const one = await openGitSource({ repo: remote.url, cacheDir, logger });
    expect(one.commit).toBe(first);
    expect(one.remote).toBe(remote.url);
    expect(one.root).toBe(repoCacheDir(remote.url, { cacheDir, env: {} }));
    expect(existsSync(join(one.root, "HEAD"))).toBe(true);
    expect(await one.list("transformations")).toEqual(["transformations/a.yaml"]);

    const second = await repo.commit("second", { "transformations/b.yaml": DOC_B });
    await repo.git.raw(["push", "--quiet", "origin", "main"]);
    const two = await openGitSource({ repo: remote.url, cacheDir, logger });
    expect(two.root).toBe(one.root);
    expect(two.commit).toBe(second);
    expect(await two.list("transformations")).toEqual(["transformations/a.yaml", "transformations/b.yaml"]);

    const atFirst = await openGitSource({ repo: remote.url, ref: first, cacheDir, logger });
    expect(await atFirst.list("transformations")).toEqual(["transformations/a.yaml"]);
  });

  it("resolves a branch name of the remote and uses TRANSYNC_CACHE_DIR", async () => {
    const repo = await gitdir();
    await repo.commit("first", { "t/a.yaml": "a" });
    const remote = await bareRemote(repo);
    await repo.git.raw(["checkout", "--quiet", "-b", "feature"]);
    const feature = await repo.commit("feature", { "t/f.yaml": "f" });
    await repo.git.raw(["push", "--quiet", "origin", "feature"]);
    const base = await tempDir("transync-cache-");

    const source = await openGitSource({ repo: remote.url, ref: "feature", env: { TRANSYNC_CACHE_DIR: base }, logger });
    expect(source.commit).toBe(feature);
    expect(source.root.startsWith(join(base, "repos"))).toBe(true);
    expect(source.description).toBe(`${remote.url}@${feature.slice(0, 12)}`);
    await expect(openGitSource({ repo: remote.url, ref: "nope", env: { TRANSYNC_CACHE_DIR: base }, logger })).rejects.toThrow(
      /git ref "nope" not found/,
    );
  });

  it("never shows the credentials of a URL, even when git fails", async () => {
    const cacheDir = await tempDir("transync-cache-");
    const url = "https://user:s3cr3t-token@127.0.0.1:1/owner/repo.git";
    const error = await openGitSource({ repo: url, cacheDir, logger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(String((error as Error).message)).toContain("https://127.0.0.1:1/owner/repo.git");
    expect(String((error as Error).message)).not.toContain("s3cr3t-token");
    // A rotated token reuses the same cache clone.
    expect(repoCacheDir(url, { cacheDir, env: {} })).toBe(
      repoCacheDir("https://x:other@127.0.0.1:1/owner/repo.git", { cacheDir, env: {} }),
    );
  });
});

describe("the cache folder", () => {
  it("treats an empty TRANSYNC_CACHE_DIR or XDG_CACHE_HOME as unset, and ignores a relative XDG_CACHE_HOME (never the current folder)", () => {
    const fallback = join(homedir(), ".cache", "transync");
    expect(transyncCacheDir({ TRANSYNC_CACHE_DIR: "" })).toBe(fallback);
    expect(transyncCacheDir({ TRANSYNC_CACHE_DIR: "", XDG_CACHE_HOME: "" })).toBe(fallback);
    expect(transyncCacheDir({ XDG_CACHE_HOME: "relative/cache" })).toBe(fallback);
    expect(transyncCacheDir({ XDG_CACHE_HOME: "/xdg" })).toBe(join("/xdg", "transync"));
    expect(transyncCacheDir({ TRANSYNC_CACHE_DIR: "/own", XDG_CACHE_HOME: "/xdg" })).toBe("/own");
  });
});

describe("the working tree and a commit obey one file rule", () => {
  it("list the same files and refuse the same links with the same words, in a subfolder checkout too", async () => {
    const repo = await gitdir();
    await repo.write({
      "app/t/a.yaml": "a",
      "app/shared/b.yaml": "b",
      "app/shared/more/c.yml": "c",
      "app/t/node_modules/x.yaml": "x",
      "app/t/.h/x.yaml": "x",
      "elsewhere.yaml": "e",
    });
    const links: Array<[string, string]> = [
      ["../shared/b.yaml", "app/t/b.yaml"],
      ["../shared/more", "app/t/more"],
      ["../../elsewhere.yaml", "app/t/out.yaml"],
      ["/etc/hostname", "app/t/abs.yaml"],
      ["nope.yaml", "app/t/broken.yaml"],
      ["..", "app/t/up"],
      ["../node_modules/y.yaml", "app/t/dep.yaml"],
    ];
    for (const [target, path] of links) await symlink(target, join(repo.dir, path));
    await repo.commit("links");
    const tree = await openGitSource({ repo: join(repo.dir, "app"), logger });
    const commit = await openGitSource({ repo: join(repo.dir, "app"), ref: "HEAD", logger });
    const seen = async (source: typeof tree): Promise<string[]> => {
      const files = await source.list("t");
      return Promise.all(
        files.map((f) =>
          source.read(f).then(
            (b) => `${f}: ${b.toString()}`,
            (e: unknown) => `${f}: ${(e as Error).message}`,
          ),
        ),
      );
    };
    const fromTree = await seen(tree);
    expect(await seen(commit)).toEqual(fromTree);
    expect(fromTree).toEqual([
      "t/a.yaml: a",
      't/abs.yaml: symbolic link to an absolute path ("/etc/hostname") leaves the project; use a relative link to a file inside it',
      "t/b.yaml: b",
      't/broken.yaml: symbolic link points to "t/nope.yaml", which does not exist',
      't/dep.yaml: symbolic link points into a hidden or node_modules path ("node_modules/y.yaml"), which transync never reads',
      "t/more/c.yml: c",
      't/out.yaml: symbolic link leaves the project (target "../../elsewhere.yaml"); link only to files inside the project',
      't/up: symbolic link to a folder loops back to "."',
    ]);
  });
});
