/**
 * Table tests of `bundle()` on the multi-file fixtures of `testdata/multifile/` (2.0, 3.0, 3.1, 3.2): each bundle
 * is exactly the expected document beside its fixture (compared structurally, and byte for byte for one), has
 * only local references, and validates with no error that the input lacked. `UPDATE=1` rewrites the expected
 * files (review the difference before committing).
 */
import assert from "node:assert/strict";
import { bundle, type BundleOptions } from "../src/bundler/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { documentFromObject } from "../src/io/load.ts";
import { parseText } from "../src/core/parse_text.ts";
import { serializeDocument } from "../src/core/serialize.ts";
import { formatFromName } from "../src/core/parse_text.ts";
import { refsOf } from "../src/bundler/_refs_test_util.ts";

const DIR = new URL("../testdata/multifile/", import.meta.url);
const UPDATE = Deno.env.get("UPDATE") === "1";

interface Case {
  name: string;
  root: string;
  expected: string;
  options?: BundleOptions;
  /** Compare the written text byte for byte too. */
  bytes?: boolean;
  fileCount: number;
  /** The rules of the findings, in order. */
  rules: string[];
}

const CASES: Case[] = [
  {
    name:
      "2.0: JSON root with YAML files, a Path Item file, a pointer into common.yaml, a cycle across files",
    root: "oas20/swagger.json",
    expected: "oas20/bundled.expected.json",
    bytes: true,
    fileCount: 5,
    rules: [],
  },
  {
    name: "3.0: nested folders, JSON and YAML, two spellings of one file, a name clash, a cycle across files",
    root: "oas30/openapi.yaml",
    expected: "oas30/bundled.expected.yaml",
    fileCount: 7,
    rules: ["bundle-renamed", "bundle-renamed"],
  },
  {
    name: "3.0 dereferenced: everything inlined but the cycle, which stays a reference to its component",
    root: "oas30/openapi.yaml",
    expected: "oas30/dereferenced.expected.yaml",
    options: { dereference: true },
    fileCount: 7,
    rules: ["bundle-renamed", "bundle-renamed", "ref-circular"],
  },
  {
    name:
      "3.1: $id and $anchor targets, a root component that is a file, a webhook Path Item, a deep pointer",
    root: "oas31/openapi.yaml",
    expected: "oas31/bundled.expected.yaml",
    fileCount: 6,
    rules: ["bundle-id-removed", "bundle-id-removed"],
  },
  {
    name: "3.1 with keepPathRefs: Path Item files become components.pathItems",
    root: "oas31/openapi.yaml",
    expected: "oas31/keep-path-refs.expected.yaml",
    options: { keepPathRefs: true },
    fileCount: 6,
    rules: ["bundle-id-removed", "bundle-id-removed"],
  },
  {
    name: "3.2: a query operation, a Media Type file (components.mediaTypes), a reference back into the root",
    root: "oas32/openapi.yaml",
    expected: "oas32/bundled.expected.yaml",
    fileCount: 3,
    rules: [],
  },
];

const errorKeys = (errors: { rule?: string; message: string }[]) =>
  errors.map((e) => `${e.rule}: ${e.message}`);

for (const c of CASES) {
  Deno.test(`bundle ${c.name}`, async () => {
    const root = new URL(c.root, DIR).pathname;
    const result = await bundle(root, c.options);
    const expectedPath = new URL(c.expected, DIR);
    const format = formatFromName(c.expected)!;
    const text = serializeDocument(result.document, format);
    if (UPDATE) await Deno.writeTextFile(expectedPath, text);
    const expectedText = await Deno.readTextFile(expectedPath);
    assert.deepEqual(result.document, parseText(expectedText, { format }).data);
    if (c.bytes) assert.equal(text, expectedText);
    assert.equal(result.fileCount, c.fileCount);
    assert.deepEqual(result.warnings.map((w) => w.rule), c.rules);
    assert.deepEqual(refsOf(result.document).filter((r) => !r.startsWith("#/")), []);
    // The bundle validates with no error the input lacked.
    const before = new Set(errorKeys((await validate(root)).errors));
    const after = await validate(documentFromObject(result.document as object, { format: result.format }));
    assert.deepEqual(errorKeys(after.errors).filter((k) => !before.has(k)), []);
    // Deterministic: the same input gives the same bytes.
    assert.equal(serializeDocument((await bundle(root, c.options)).document, format), text);
  });
}
