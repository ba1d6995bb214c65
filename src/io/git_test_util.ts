/**
 * The `git` program for tests that make a repository (tests of reading git revisions): whether it is installed,
 * and one command run in a folder with no user or system configuration.
 *
 * @module
 */

/** Whether the `git` program can be run. */
export function hasGit(): boolean {
  try {
    return new Deno.Command("git", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

/** Runs `git args…` in `dir` (a fixed author, no signing, no configuration files) and returns its output. */
export function git(dir: string, ...args: string[]): string {
  const out = new Deno.Command("git", {
    args: ["-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args],
    cwd: dir,
    env: { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  if (!out.success) throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}
