/**
 * Issue 30, "one report contract for every command": every command that reports findings prints them in every
 * format through one renderer per format. Each command's SARIF validates against the SARIF 2.1.0 JSON Schema
 * (draft-04; oasis-tcs/sarif-spec, `sarif-2.1/schema/sarif-schema-2.1.0.json`, commit e058381, kept in the
 * conformance suites at /work/shared/testsuites/sarif/: the test says so in one line and skips when they are
 * absent), and each command's json report has the same fields, every finding with its rule and JSON pointer.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { run } from "../src/cli/_test_io.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const DATA = `${ROOT}testdata/`;
const SCHEMA_FILE = "/work/shared/testsuites/sarif/sarif-schema-2.1.0.json";
const schemaText = await Deno.readTextFile(SCHEMA_FILE).catch(() => undefined);
if (schemaText === undefined) {
  console.warn(`report contract: ${SCHEMA_FILE} is absent; SARIF is not validated.`);
}

/** ajv's draft-04 class (the SARIF schema's draft): its CommonJS default export is the class itself. */
const Draft04 = AjvDraft04 as unknown as new (o: Record<string, unknown>) => {
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: unknown[] | null };
};

/** The SARIF 2.1.0 JSON Schema's validator. */
function sarifValidator(text: string) {
  const ajv = new Draft04({ strict: false, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  return ajv.compile(JSON.parse(text));
}

/** A 3.0 document with a path parameter no parameter declares (fix adds it) and a duplicate operationId. */
const BROKEN = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /pets/{id}:
    get:
      operationId: pet
      responses: {"200": {description: ok}}
    delete:
      operationId: pet
      responses: {"204": {description: gone}}
`;

/** The command lines of every command that reports findings, `FORMAT` where the report's format goes. */
function invocations(dir: string): { name: string; args: string[]; stream: "stdout" | "stderr" }[] {
  const broken = join(dir, "broken.yaml");
  return [
    {
      name: "validate",
      args: ["validate", "-q", "--format", "FORMAT", `${DATA}validator/invalid.yaml`],
      stream: "stdout",
    },
    {
      name: "diff",
      args: [
        "diff",
        "--format",
        "FORMAT",
        `${DATA}petstore/petstore-3.0.yaml`,
        `${DATA}petstore/petstore-3.1.yaml`,
      ],
      stream: "stdout",
    },
    {
      name: "convert",
      args: [
        "convert",
        "-t",
        "2.0",
        "-o",
        join(dir, "c.yaml"),
        "--report-format",
        "FORMAT",
        `${DATA}convert/critical-3to2/input.yaml`,
      ],
      stream: "stderr",
    },
    {
      name: "fix",
      args: ["fix", "-o", join(dir, "f.yaml"), "--report-format", "FORMAT", broken],
      stream: "stderr",
    },
    {
      name: "join",
      args: [
        "join",
        "-o",
        join(dir, "j.yaml"),
        "--report-format",
        "FORMAT",
        `${DATA}joiner/oas3/users.yaml`,
        `${DATA}joiner/oas3/orders.yaml`,
      ],
      stream: "stderr",
    },
    {
      name: "overlay apply",
      args: [
        "overlay",
        "apply",
        "--strict",
        "-s",
        `${DATA}overlay/petstore.yaml`,
        "-o",
        join(dir, "o.yaml"),
        "--report-format",
        "FORMAT",
        `${DATA}overlay/overlay-1.0.yaml`,
      ],
      stream: "stderr",
    },
    {
      name: "overlay validate",
      args: ["overlay", "validate", "--format", "FORMAT", `${DATA}overlay/invalid.yaml`],
      stream: "stdout",
    },
    {
      name: "generate",
      args: [
        "generate",
        "-o",
        join(dir, "gen"),
        "--report-format",
        "FORMAT",
        `${DATA}petstore/petstore-3.0.yaml`,
      ],
      stream: "stdout",
    },
    {
      name: "parse",
      args: ["parse", "--report-format", "FORMAT", join(dir, "noinfo.yaml")],
      stream: "stderr",
    },
  ];
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for (const e of Deno.readDirSync(from)) {
    if (e.isDirectory) await copyTree(join(from, e.name), join(to, e.name));
    else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-report-contract-" });
  try {
    await Deno.writeTextFile(join(dir, "broken.yaml"), BROKEN);
    await Deno.writeTextFile(join(dir, "noinfo.yaml"), "openapi: 3.0.3\npaths: {}\n");
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "report contract: every command's sarif validates against the SARIF 2.1.0 JSON Schema",
  ignore: schemaText === undefined,
}, async () => {
  const validateSarif = sarifValidator(schemaText!);
  await withDir(async (dir) => {
    let results = 0;
    for (const c of invocations(dir)) {
      const r = await run(c.args.map((a) => a === "FORMAT" ? "sarif" : a));
      const text = r[c.stream];
      const log = JSON.parse(text);
      assert.ok(validateSarif(log), `${c.name}: ${JSON.stringify(validateSarif.errors?.slice(0, 3))}`);
      assert.equal(log.version, "2.1.0", c.name);
      for (const result of log.runs[0].results) {
        assert.equal(typeof result.ruleId, "string", c.name);
        assert.equal(typeof result.properties.pointer, "string", c.name);
        results++;
      }
    }
    assert.ok(results >= 8, `${results} results in all`);
  });
});

Deno.test("report contract: every command's json report has the same fields, each finding its rule and pointer", async () => {
  await withDir(async (dir) => {
    const seen = new Set<string>();
    for (const c of invocations(dir)) {
      if (c.name === "validate" || c.name === "diff") continue; // their json reports keep their own shape
      const r = await run(c.args.map((a) => a === "FORMAT" ? "json" : a));
      const report = JSON.parse(r[c.stream]);
      for (const key of ["command", "source", "ok", "message", "counts", "findings"]) {
        assert.ok(key in report, `${c.name}: ${key}`);
      }
      assert.equal(report.ok, r.code === 0, `${c.name}: ok is the exit code's`);
      for (const f of report.findings) {
        assert.equal(typeof f.rule, "string", c.name);
        assert.equal(typeof f.pointer, "string", c.name);
        seen.add(c.name);
      }
    }
    // Findings were reported by these commands (the others' inputs have none).
    for (const name of ["convert", "fix", "overlay apply", "overlay validate", "parse"]) {
      assert.ok(seen.has(name), name);
    }
  });
});

Deno.test("report contract: github, junit and markdown for convert and fix; sarif for diff", async () => {
  await withDir(async (dir) => {
    const convert = invocations(dir).find((c) => c.name === "convert")!;
    const github = await run(convert.args.map((a) => a === "FORMAT" ? "github" : a));
    assert.equal(github.code, 1);
    // Without -s, the formats that show positions compute them.
    assert.match(
      github.stderr,
      /^::error file=[^,]+critical-3to2\/input\.yaml,line=\d+,col=\d+,title=convert-method::paths\.\/pets\.trace: /,
    );
    assert.doesNotMatch(github.stderr, /oatool convert v/, "no banner in a machine-readable report");

    const fix = invocations(dir).find((c) => c.name === "fix")!;
    const junit = await run(fix.args.map((a) => a === "FORMAT" ? "junit" : a));
    assert.match(junit.stderr, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="oatool fix" /);
    assert.match(
      junit.stderr,
      /<testcase classname="oatool\.fix\.fix" name="missing-path-parameter paths\.\/pets\/\{id\}\.get/,
    );
    const markdown = await run(fix.args.map((a) => a === "FORMAT" ? "markdown" : a));
    assert.match(markdown.stderr, /^## oatool fix: /);
    assert.match(markdown.stderr, /\| info \| added the path parameter "id"/);

    const diff = invocations(dir).find((c) => c.name === "diff")!;
    const sarif = JSON.parse((await run(diff.args.map((a) => a === "FORMAT" ? "sarif" : a))).stdout);
    const rules = sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId);
    assert.ok(rules.includes("openapi-version-changed"), rules.join());
    assert.ok(
      sarif.runs[0].results.every((r: { locations: { physicalLocation: { region?: unknown } }[] }) =>
        r.locations[0].physicalLocation.region !== undefined
      ),
    );
  });
});

Deno.test("report contract: a written reference that does not resolve is a finding of the report, which holds the stream alone", async () => {
  await withDir(async (dir) => {
    // The multi-file fixture's root with one reference to a file that does not exist, written to another folder.
    const from = `${DATA}multifile_write/v30/`;
    const text = await Deno.readTextFile(join(from, "openapi.yaml"));
    const at = join(dir, "api");
    await copyTree(from, at);
    const input = join(at, "openapi.yaml");
    await Deno.writeTextFile(input, text.replace("$ref: schemas/pet.yaml", "$ref: schemas/gone.yaml"));
    await Deno.mkdir(join(dir, "out"));
    const overlay = `${DATA}multifile_write/overlay.yaml`;
    for (
      const args of [
        ["convert", "-t", "3.1", input],
        ["fix", input],
        ["overlay", "apply", "-s", input, overlay],
      ]
    ) {
      const out = join(dir, "out/x.yaml");
      const r = await run([...args, "-o", out, "--report-format", "json"]);
      assert.equal(r.code, 1, `${args[0]}: ${r.stderr}`);
      const report = JSON.parse(r.stderr);
      assert.equal(report.ok, false, args[0]);
      const problem = report.findings.find((f: { rule: string }) => f.rule === "written-ref-unresolved");
      assert.ok(problem, `${args[0]}: ${r.stderr}`);
      assert.match(problem.message, /schemas\/gone\.yaml/);
      assert.equal(problem.file, out);
      await Deno.remove(out);
    }
  });
});
