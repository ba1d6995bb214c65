import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { run } from "./_test_io.ts";

const dir = fileURLToPath(new URL("../../testdata/overlay/", import.meta.url));
const specYaml = join(dir, "petstore.yaml");
const specJson = join(dir, "petstore.json");
const overlay10 = join(dir, "overlay-1.0.yaml");
const overlay11 = join(dir, "overlay-1.1.yaml");
const invalid = join(dir, "invalid.yaml");

type Json = Record<string, unknown>;

Deno.test("overlay apply", async (t) => {
  await t.step(
    "applies a 1.0.0 overlay to YAML, keeping format and key order, report on stderr",
    async () => {
      const r = await run(["overlay", "apply", "-s", specYaml, overlay10]);
      assert.equal(r.code, 0, r.stderr);
      const doc = yaml.load(r.stdout) as Json;
      assert.deepEqual(Object.keys(doc), ["openapi", "info", "servers", "tags", "paths", "components"]);
      assert.deepEqual(doc.info, {
        title: "Petstore",
        version: "1.0.0",
        description: "The public Petstore API",
        "x-logo": "logo.png",
      });
      assert.deepEqual(Object.keys(doc.paths as Json), ["/pets", "/pets/{petId}"]);
      assert.deepEqual(doc.tags, [{ name: "pets" }]);
      assert.match(r.stdout, /^openapi: 3\.1\.0\ninfo:\n/);
      assert.match(r.stderr, /Applied: 6 actions\nSkipped: 1 action\n/);
      assert.match(r.stderr, /\n {2}\[0\] update: \$\.info \(1 match\)\n/);
      assert.match(r.stderr, /\n {2}\[5\] update: \$\.paths\.\*\.get \(2 matches\)\n/);
      assert.match(r.stderr, /\n {2}\[6\] update: \$\.paths\['\/nothing'\] \(0 matches\)\n/);
      assert.match(r.stderr, /Extends: \.\/petstore\.yaml \(not fetched\)/);
    },
  );

  await t.step("applies a 1.1.0 overlay to JSON and writes JSON", async () => {
    const r = await run(["overlay", "apply", "--spec", specJson, overlay11]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^\{\n {2}"openapi": "3\.1\.0",/);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.info.title, "Petstore (public)");
    assert.deepEqual(doc.paths["/pets"].post.tags, ["pets"]);
    assert.deepEqual(doc.paths["/internal/health"].get.tags, []);
    assert.deepEqual(Object.keys(doc.paths), ["/pets", "/pets/{petId}", "/internal/health", "/animals"]);
    assert.deepEqual(doc.paths["/animals"].get.operationId, "listPets");
    assert.deepEqual(doc.paths["/pets"].get.parameters.map((p: Json) => p.name), [
      "limit",
      "x-debug",
      "offset",
    ]);
    assert.deepEqual(doc.paths["/animals"].get.parameters.map((p: Json) => p.name), ["limit", "x-debug"]);
    assert.deepEqual(doc.components.schemas.Pet.required, ["id", "name", "tag"]);
    assert.deepEqual(Object.keys(doc.components.schemas.Pet.properties), ["id", "name", "tag"]);
    assert.match(r.stderr, /\[3\] copy: \$\.paths\['\/animals'\] from \$\.paths\['\/pets'\] \(1 match\)/);
  });

  await t.step("--dry-run prints Would apply / Would skip and the paths, and no document", async () => {
    const r = await run(["overlay", "apply", "-n", "-s", specYaml, overlay10]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /Would apply: 6 actions\nWould skip: 1 action\n/);
    assert.match(
      r.stderr,
      /\[1\] remove: \$\.paths\[\?@\.get\['x-internal'\] == true\] \(1 match\)\n {6}\$\['paths'\]\['\/internal\/health'\]\n/,
    );
    assert.match(
      r.stderr,
      /\[5\] update: \$\.paths\.\*\.get \(2 matches\)\n {6}\$\['paths'\]\['\/pets'\]\['get'\]\n {6}\$\['paths'\]\['\/pets\/\{petId\}'\]\['get'\]\n/,
    );
  });

  await t.step("--strict fails when a target matches nothing and writes nothing", async () => {
    const r = await run(["overlay", "apply", "--strict", "-s", specYaml, overlay10]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /1 action matches nothing \(\[6\]\) and --strict is set; nothing was written/);
    const ok = await run(["overlay", "apply", "--strict", "-q", "-s", specYaml, overlay11]);
    assert.equal(ok.code, 0, ok.stderr);
  });

  await t.step("-q prints only the document", async () => {
    const r = await run(["overlay", "apply", "-q", "-s", specYaml, overlay10]);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.ok(r.stdout.startsWith("openapi: 3.1.0\n"));
  });

  await t.step("reads the specification from standard input (format detected from the content)", async () => {
    const r = await run(["overlay", "apply", "-q", "-s", "-", overlay10], {
      stdin: await Deno.readTextFile(specJson),
    });
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.info["x-logo"], "logo.png");
  });

  await t.step("reads the overlay from standard input", async () => {
    const r = await run(["overlay", "apply", "-q", "-s", specYaml, "-"], {
      stdin:
        '{"overlay": "1.1.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$.info.version", "update": "2.0.0"}]}',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((yaml.load(r.stdout) as { info: Json }).info.version, "2.0.0");
  });

  await t.step("-o writes the file and refuses to write over an input", async () => {
    const tmp = await Deno.makeTempDir();
    try {
      const out = join(tmp, "out.yaml");
      const r = await run(["overlay", "apply", "-s", specYaml, "-o", out, overlay10]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /Written to .*out\.yaml/);
      assert.equal((yaml.load(await Deno.readTextFile(out)) as { info: Json }).info["x-logo"], "logo.png");

      const spec = join(tmp, "spec.yaml");
      await Deno.copyFile(specYaml, spec);
      const before = await Deno.readTextFile(spec);
      const overSpec = await run(["overlay", "apply", "-s", spec, "-o", spec, overlay10]);
      assert.equal(overSpec.code, 1);
      assert.match(overSpec.stderr, /refusing to write over the input/);
      assert.equal(await Deno.readTextFile(spec), before);
      const ov = join(tmp, "ov.yaml");
      await Deno.copyFile(overlay10, ov);
      const overOverlay = await run(["overlay", "apply", "-s", spec, "-o", ov, ov]);
      assert.equal(overOverlay.code, 1);
      assert.match(overOverlay.stderr, /refusing to write over the input/);
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  });

  await t.step("an invalid overlay is refused with its errors", async () => {
    const r = await run(["overlay", "apply", "-s", specYaml, invalid]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /invalid\.yaml is not a valid Overlay document\.\nErrors \(8\):\n {2}unknownTop: /, // issue 11: 4 of the 12 are now legal
    );
  });

  await t.step("an action that cannot be applied fails with its reason", async () => {
    const r = await run(["overlay", "apply", "-s", specYaml, "-"], {
      stdin:
        "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths['/pets'].*\n    update: 1\n",
    });
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /^oatool overlay apply: action \[0\] target .* selects objects, so the update value must be an object/m,
    );
  });

  await t.step("usage errors: missing -s, two standard inputs, no overlay", async () => {
    const noSpec = await run(["overlay", "apply", overlay10]);
    assert.equal(noSpec.code, 1);
    assert.match(noSpec.stderr, /the specification is required: give it with -s/);
    assert.match(noSpec.stderr, /Usage: oatool overlay apply \[flags\] <overlay-file>/);
    const twoStdin = await run(["overlay", "apply", "-s", "-", "-"], { stdin: "{}" });
    assert.equal(twoStdin.code, 1);
    assert.match(twoStdin.stderr, /only one input can come from standard input/);
    const none = await run(["overlay", "apply", "-s", specYaml]);
    assert.equal(none.code, 1);
  });
});

Deno.test("overlay validate", async (t) => {
  await t.step("prints title, versions, action count and Overlay is valid", async () => {
    const r = await run(["overlay", "validate", overlay10]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Title: Public Petstore\nVersion: 1\.0\.0\nOverlay Version: 1\.0\.0\n/);
    assert.match(r.stdout, /Actions: 7\nOverlay is valid\n$/);
  });

  await t.step("-q prints only the result", async () => {
    const r = await run(["overlay", "validate", "-q", overlay11]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "Overlay is valid\n");
  });

  await t.step("lists every error as <path>: <message> and exits 1", async () => {
    const r = await run(["overlay", "validate", "-q", invalid]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines[0], "Overlay is invalid");
    assert.equal(lines[1], "Errors (8):"); // issue 11: no-op actions and update with remove: true are legal
    assert.ok(lines.includes("  info.title: required field is missing"), r.stdout);
    assert.ok(!lines.some((l) => l.startsWith("  actions[3]")), r.stdout);
    assert.ok(
      lines.some((l) =>
        l.startsWith('  actions[1].target: invalid JSONPath at position 15 in "$.paths[?@.x ==":')
      ),
    );
  });

  await t.step("reads standard input and names unsupported versions", async () => {
    const r = await run(["overlay", "validate", "-"], {
      stdin: "overlay: 2.0.0\ninfo: {title: t, version: '1'}\nactions: []\n",
    });
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /overlay: unsupported Overlay version "2\.0\.0"; supported versions are 1\.0\.x and 1\.1\.x/,
    );
    assert.match(r.stdout, /actions: must contain at least one action/);
  });

  await t.step("an unreadable file is a failure", async () => {
    const r = await run(["overlay", "validate", join(dir, "missing.yaml")]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^oatool overlay validate: /);
  });
});

Deno.test("overlay validate: warnings, --strict and the official examples' shorthand (issue 11)", async (t) => {
  const traits = "overlay: 1.1.0\ninfo: {title: Traits, version: '1'}\nactions:\n" +
    "  - target: $.paths.*.get[?@.x-oai-traits.paged]\n    update: {x-paged: true}\n" +
    "  - target: $\n    description: nothing to do\n";
  await t.step("accepted with warnings, printed as <path>: <message>", async () => {
    const r = await run(["overlay", "validate", "-"], { stdin: traits });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /Actions: 2\nWarnings \(2\):\n {2}actions\[0\]\.target: member name "x-oai-traits" at position 17 of .* write it as \['x-oai-traits'\]\n {2}actions\[1\]: does nothing: it has no update, no copy and no remove: true \(a legal no-op\)\nOverlay is valid\n$/,
    );
  });
  await t.step("--strict rejects the shorthand", async () => {
    const r = await run(["overlay", "validate", "--strict", "-q", "-"], { stdin: traits });
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /^Overlay is invalid\nErrors \(1\):\n {2}actions\[0\]\.target: member name "x-oai-traits"/,
    );
  });
  await t.step("apply --strict refuses it too; without it, the warnings are in the report", async () => {
    const strict = await run(["overlay", "apply", "--strict", "-s", specYaml, "-"], { stdin: traits });
    assert.equal(strict.code, 1);
    assert.equal(strict.stdout, "");
    assert.match(
      strict.stderr,
      /is not a valid Overlay document\.\nErrors \(1\):\n {2}actions\[0\]\.target: /,
    );
    const r = await run(["overlay", "apply", "-s", specYaml, "-"], { stdin: traits });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\n {2}\[1\] none: \$ \(1 match\)\n/);
    assert.match(r.stderr, /\nWarnings \(2\):\n {2}actions\[0\]\.target: member name/);
  });
});
