import assert from "node:assert/strict";
import { findings, oas2, oas3 } from "../_test_helpers.ts";

const BAD = ["/a//b", "/a?x=1", "/a#frag", "/a/{b", "/a/b}", "/a/{b{c}}", "/{x}/{y}/{x}"];
const GOOD = ["/", "/a/", "/a/{b}", "/a/{b}.json", "/a/{b}/c/{d}", "/x-y", "/a/{b?}"];

Deno.test("path-template: in every version, each bad key once, good keys never", async (t) => {
  for (const version of ["2.0", "3.0.3", "3.1.0", "3.1.1", "3.2.0"]) {
    await t.step(version, async () => {
      const paths = Object.fromEntries([...BAD, ...GOOD].map((p) => [p, {}]));
      const doc = version === "2.0" ? oas2({ paths }) : oas3({ paths }, version);
      const f = await findings(doc, "path-template");
      assert.deepEqual(f.map((x) => x.path), BAD.map((p) => `paths.${p}`));
      assert.ok(f.every((x) => x.severity === "error"));
    });
  }
});

Deno.test("path-template: the message names the problem and quotes the version's sentence", async () => {
  const paths = { "/a//b": {}, "/a?x": {}, "/a/{b": {}, "/{x}/{x}": {} };
  const [empty, query, brace, repeated] = await findings(oas3({ paths }, "3.2.0"), "path-template");
  assert.match(empty.message, /empty segment \("\/\/"\).*path-template = "\/"/);
  assert.match(query.message, /"\?" \(at offset 2\), which starts a query string/);
  assert.match(brace.message, /brace "\{" \(at offset 3\) neither opens nor closes/);
  assert.match(
    repeated.message,
    /\{x\} more than once.*MUST NOT appear more than once in a single path template/,
  );
  const [old] = await findings(oas2({ paths: { "/a#b": {} } }), "path-template");
  assert.match(
    old.message,
    /specification 2\.0 says: "A relative path to an individual endpoint\. … Path templating refers to the usage of curly braces/,
  );
});

Deno.test("path-template: templates differing only in names stay path-ambiguous, not path-template", async () => {
  const doc = oas3({ paths: { "/a/{x}": {}, "/a/{y}": {} } });
  assert.deepEqual(await findings(doc, "path-template"), []);
  assert.equal((await findings(doc, "path-ambiguous")).length, 1);
});
