import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { simpleGit, type SimpleGit } from "simple-git";
import { afterEach } from "vitest";

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A temp folder removed after the test. */
export async function tempDir(prefix = "transync-git-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export interface GitDir {
  dir: string;
  git: SimpleGit;
  /** Writes files (path -> content; null deletes) without committing. */
  write(files: Record<string, string | null>): Promise<void>;
  /** Writes files, stages everything and commits; returns the new commit sha. */
  commit(message: string, files?: Record<string, string | null>): Promise<string>;
}

/** A real git repository in a temp folder, on branch `main`, with an identity configured per command. */
export async function gitdir(): Promise<GitDir> {
  const dir = await tempDir();
  const git = simpleGit({ baseDir: dir, config: ["user.name=transync test", "user.email=test@example.com", "commit.gpgsign=false"] });
  await git.raw(["init", "--quiet", "--initial-branch=main"]);
  const write = async (files: Record<string, string | null>): Promise<void> => {
    for (const [path, content] of Object.entries(files)) {
      const full = join(dir, path);
      if (content === null) await rm(full, { force: true });
      else {
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, content);
      }
    }
  };
  const commit = async (message: string, files: Record<string, string | null> = {}): Promise<string> => {
    await write(files);
    await git.raw(["add", "--all"]);
    await git.raw(["commit", "--quiet", "--allow-empty", "-m", message]);
    return (await git.revparse(["HEAD"])).trim();
  };
  return { dir, git, write, commit };
}

/** A bare repository seeded by pushing `repo`'s main branch; returns its path and file:// URL. */
export async function bareRemote(repo: GitDir): Promise<{ path: string; url: string }> {
  const path = join(await tempDir("transync-remote-"), "remote.git");
  await simpleGit().raw(["init", "--bare", "--quiet", "--initial-branch=main", path]);
  await repo.git.raw(["remote", "add", "origin", path]);
  await repo.git.raw(["push", "--quiet", "origin", "main"]);
  return { path, url: `file://${path}` };
}
