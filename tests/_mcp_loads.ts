/**
 * Reading the document loads a `oatool mcp --verbose` server logs on standard error (one line per load), so
 * that a spawned test can tell a cached answer from a fresh read.
 *
 * @module
 */

/**
 * The files a `--verbose` server loaded, by their last path part, in order, once its standard error holds a
 * load of `last` (a file loaded after everything of interest: every earlier line has arrived by then).
 */
export async function loadedFiles(stderr: () => string, last: string): Promise<string[]> {
  const loads = () =>
    stderr().split("\n").flatMap((line) => {
      const m = / loaded file:(\S+) /.exec(line);
      return m === null ? [] : [m[1].slice(m[1].lastIndexOf("/") + 1)];
    });
  // Standard error comes through its own pipe: wait (boundedly) for the line of the last load.
  for (let i = 0; i < 1000 && !loads().includes(last); i++) await new Promise((r) => setTimeout(r, 10));
  return loads();
}
