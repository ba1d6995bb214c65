import { assertEquals } from "../core/_assert_test.ts";
import { LoadError } from "../core/mod.ts";
import { errorMessage, scrubPaths } from "./spec_input.ts";

Deno.test("scrubPaths: inside the working directory relative, outside only the last part, URLs untouched", () => {
  const cwd = "/home/me/project";
  const roots = new Set(["home", "etc", "tmp"]);
  assertEquals(
    scrubPaths('file "/home/me/project/specs/a.yaml" does not exist.', cwd, roots),
    'file "specs/a.yaml" does not exist.',
  );
  assertEquals(scrubPaths("cannot read /etc/shadow.", cwd, roots), "cannot read …/shadow.");
  assertEquals(scrubPaths("see /home/me/other/x.yaml: bad", cwd, roots), "see …/x.yaml: bad");
  assertEquals(
    scrubPaths("fetching https://example.com/a/b.yaml failed.", cwd, roots),
    "fetching https://example.com/a/b.yaml failed.",
  );
  assertEquals(
    scrubPaths("the path /pets/{id} has no operation", cwd, roots),
    "the path /pets/{id} has no operation",
  );
});

Deno.test("errorMessage: the error's sentence, one line; unexpected errors named internal", () => {
  assertEquals(errorMessage(new LoadError("bad input."), "/"), "bad input.");
  assertEquals(
    errorMessage(new TypeError("x is undefined\n  at foo"), "/"),
    "internal error: x is undefined",
  );
});
