import assert from "node:assert/strict";
import { renderWalkNote, renderWalkTable } from "./walk.ts";
import type { WalkResult } from "../queries/mod.ts";

const base = { total: 3, matched: 3, returned: 3, offset: 0, limit: 100 };

Deno.test("renderWalkTable: aligned columns, - for empty cells, escaped text, tab-separated when quiet", () => {
  const result: WalkResult<unknown> = {
    kind: "security",
    ...base,
    returned: 2,
    matched: 2,
    items: [
      { name: "key", type: "apiKey", details: "header: X-Key", location: "", pointer: "" },
      { name: "b\u001b[31m", type: "http", description: "two\nlines", location: "", pointer: "" },
    ],
  };
  assert.equal(
    renderWalkTable(result),
    "NAME         TYPE    DETAILS        DESCRIPTION\n" +
      "key          apiKey  header: X-Key  -\n" +
      "b\\u001b[31m  http    -              two lines\n",
  );
  assert.equal(
    renderWalkTable(result, { quiet: true }),
    "key\tapiKey\theader: X-Key\t-\nb\\u001b[31m\thttp\t-\ttwo lines\n",
  );
});

Deno.test("renderWalkTable: groups as KEY and COUNT; refs as targets or occurrences", () => {
  const groups: WalkResult<unknown> = {
    kind: "operations",
    ...base,
    items: [],
    groups: [{ key: "GET", count: 3 }],
  };
  assert.equal(renderWalkTable(groups), "KEY  COUNT\nGET  3\n");
  const ref = { ref: "#/a", nodeType: "schema", count: 2, resolved: false, location: "x.y", pointer: "/x/y" };
  const refs: WalkResult<unknown> = { kind: "refs", ...base, items: [ref] };
  assert.equal(renderWalkTable(refs, { quiet: true }), "2\tschema\t#/a (unresolved)\n");
  assert.equal(
    renderWalkTable(refs, { quiet: true, occurrences: true }),
    "#/a (unresolved)\tschema\tx.y\n",
  );
});

Deno.test("renderWalkNote: nothing matched, a page, everything shown", () => {
  assert.equal(
    renderWalkNote({ kind: "refs", ...base, matched: 0, returned: 0, items: [] }),
    "No references match (the document has 3 reference targets).\n",
  );
  assert.equal(
    renderWalkNote({ kind: "paths", ...base, returned: 1, offset: 1, limit: 1, items: [] }),
    "Showing 2–2 of 3 paths; see more with --offset 2.\n",
  );
  assert.equal(renderWalkNote({ kind: "paths", ...base, items: [] }), "");
  assert.equal(
    renderWalkNote({ kind: "paths", ...base, returned: 1, limit: 1, items: [], groups: [], groupCount: 2 }),
    "Showing 1–1 of 2 groups; see more with --offset 1.\n",
  );
});
