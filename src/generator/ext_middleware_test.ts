/**
 * `--server-middleware`: server_middleware.go builds, vets and is gofmt-clean (Go 1.19) alone on the petstores
 * of every version, on the hostile fixture and on the middleware fixture — one module, one build — and the Go
 * tests in testdata/generate/middleware/ reject each kind of invalid request with 400 and accept valid ones.
 * Unit tests: the ECMA → RE2 translation, the issues raised, deduplication and determinism.
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions } from "./generate.ts";
import { aloneVariants, checkGoModule, fixture, generateVariants } from "./_ext_test_util.ts";
import { ecmaToRe2 } from "./ecma_regexp.ts";
import { testWith } from "../../tests/_tools.ts";

const flag: GenerateOptions = { server: true, serverMiddleware: true };

const VARIANTS: [string, string, GenerateOptions][] = [
  ...aloneVariants(flag),
  ["hostileall", "generate/hostile-3.1.json", { ...flag, client: true, serverAll: true }],
  ["shapes", "generate/shapes-3.1.yaml", flag],
  ["splitmw", "generate/middleware-3.1.yaml", { ...flag, maxOpsPerFile: 1, maxLinesPerFile: 200 }],
  ["mwfix", "generate/middleware-3.1.yaml", flag],
  ["mwfix30", "generate/middleware-3.0.yaml", flag],
  ["mwfix20", "generate/middleware-2.0.yaml", flag],
  ["names", "generate/middleware-names-3.1.yaml", { ...flag, client: true, serverAll: true }],
];

await testWith(
  ["go"],
  "server_middleware.go builds, vets, is gofmt-clean, and rejects invalid requests over httptest",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-mw-" });
    try {
      const { packages, names } = await generateVariants(VARIANTS);
      for (const [name] of VARIANTS) {
        assert.ok(names[name].includes("server_middleware.go"), `${name}: ${names[name].join(" ")}`);
      }
      // The flag alone adds only its own file(s) to the server's.
      assert.deepEqual(
        names.petstore30.filter((n) => n.startsWith("server")),
        ["server.go", "server_middleware.go"],
      );
      // A schema that took one of the middleware's exported names leaves it the next free one.
      const names31 = packages.names.find((f) => f.name === "server_middleware.go")!.content;
      assert.match(names31, /^func ValidationMiddleware2\(opts \.\.\.ValidationOptions2\)/m);
      assert.match(names31, /^func rvSchemaErrs\(/m);
      // Split by operations and lines: the operations by tag/path, the validators in their own files.
      assert.ok(names.splitmw.includes("server_middleware_items.go"), names.splitmw.join(" "));
      assert.ok(names.splitmw.includes("server_middleware_validation.go"), names.splitmw.join(" "));
      for (
        const [pkg, dir] of [["mwfix", "middleware"], ["mwfix30", "middleware30"], [
          "mwfix20",
          "middleware20",
        ]]
      ) {
        packages[pkg].push({
          name: "middleware_test.go",
          content: await Deno.readTextFile(fixture(`generate/${dir}/middleware_test.go`)),
        });
      }
      packages.mwcheck = [{
        name: "mwcheck.go",
        content: await Deno.readTextFile(fixture("generate/middleware/mwcheck/mwcheck.go")),
      }];
      await checkGoModule(dir, packages, ["mwfix", "mwfix30", "mwfix20"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("patterns RE2 cannot run are skipped with an issue naming where they are", async () => {
  const result = await generate(fixture("generate/middleware-3.1.yaml"), { ...flag, noReadme: true });
  const skipped = result.issues.filter((i) => i.rule === "generate-pattern").map((i) => i.pointer);
  assert.deepEqual(skipped.sort(), [
    "/components/schemas/Item/properties/code/pattern",
    "/paths/~1items~1{id}/put/parameters/8/schema/pattern",
  ]);
  const code = result.files.find((f) => f.name === "server_middleware.go")!.content;
  assert.ok(!code.includes("(?="), "a lookahead reached the Go code");
  // Validators with the same body are emitted once (the plain string, integer... checks are shared).
  const bodies = code.split("\nfunc rvValue").slice(1).map((f) => f.slice(f.indexOf("\n")));
  assert.ok(bodies.length > 5);
  assert.equal(new Set(bodies).size, bodies.length, "two validators have the same body");
  const again = await generate(fixture("generate/middleware-3.1.yaml"), { ...flag, noReadme: true });
  assert.deepEqual(again.files, result.files, "the output is not deterministic");
});

Deno.test("the middleware flag needs --server, and without it no file is generated", async () => {
  await assert.rejects(
    () => generate(fixture("petstore/petstore-3.0.yaml"), { serverMiddleware: true }),
    /--server-middleware requires --server/,
  );
  const result = await generate(fixture("petstore/petstore-3.0.yaml"), { server: true, noReadme: true });
  assert.ok(!result.files.some((f) => f.name.startsWith("server_middleware")));
  const all = await generate(fixture("petstore/petstore-3.0.yaml"), { server: true, serverAll: true });
  assert.ok(all.files.some((f) => f.name === "server_middleware.go"));
  const readme = all.files.find((f) => f.name === "README.md")!.content;
  assert.match(readme, /`api\.ValidationMiddleware\(\)`/);
});

Deno.test("ECMA-262 patterns are translated to RE2 exactly, or refused with a reason", () => {
  const ok = (source: string, expected: string) => {
    const r = ecmaToRe2(source);
    assert.ok(r.ok, `${source}: ${!r.ok && r.reason}`);
    assert.equal(r.pattern, expected);
  };
  ok("^[a-z]+$", "^[a-z]+$");
  ok("^\\u00e9\\u{1F600}\\x41$", "^\\x{00e9}\\x{1F600}\\x{41}$");
  ok("a.b", "a[^\\n\\r\\x{2028}\\x{2029}]b");
  ok("(?<year>\\d{4})-\\/", "(?P<year>\\d{4})-/");
  ok(
    "\\s",
    "[\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]",
  );
  ok("[\\b]\\0", "[\\x{8}]\\x{0}");
  ok("[^]", "(?s:.)");
  ok("\\p{Lu}", "\\p{Lu}");
  // ECMA's property names as Go's; a "-" next to a class escape is a "-", as ECMA reads it (not a range).
  ok("^\\p{Letter}+$", "^\\p{L}+$");
  ok("\\P{Script=Greek}\\p{sc=Latin}", "\\P{Greek}\\p{Latin}");
  ok("\\p{General_Category=Decimal_Number}\\p{gc=Lu}", "\\p{Nd}\\p{Lu}");
  ok("[a-\\d]", "[a\\-\\d]");
  ok("[\\d-z]", "[\\d\\-z]");
  ok("[a-z-]", "[a-z-]");
  ok("a{40}b{40}", "a{40}b{40}");
  const s = ecmaToRe2("[\\s-z]");
  assert.ok(s.ok && s.pattern.endsWith("\\x{feff}\\-z]"), JSON.stringify(s));
  const refused = (source: string, reason: RegExp) => {
    const r = ecmaToRe2(source);
    assert.ok(!r.ok, `${source} was translated`);
    assert.match(r.reason, reason);
  };
  refused("^(?=a)a", /lookaround/);
  refused("(?<!x)y", /lookaround/);
  refused("(a)\\1", /backreference/);
  refused("(?<n>a)\\k<n>", /backreference/);
  refused("a{1001}", /1000/);
  refused("(a{40}){40}", /1000/);
  refused("[\\S]", /\\S/);
  refused("(", /not a valid/);
  refused("\\uD800", /\\u/);
  refused("x".repeat(20_000), /longer/);
  refused("\\p{Foo}", /Unicode property Go's regexp does not know \(\\p\{Foo\}\)/);
  refused("\\p{sc}", /\\p\{sc\}/);
  refused("\\p{Script=Kawi}", /\\p\{Script=Kawi\}/); // Unicode 15: not in Go 1.19's tables
  refused("\\p{gc=Cn}", /\\p\{gc=Cn\}/); // Go has no Cn
  refused("\\p{Greek}", /\\p\{Greek\}/); // ECMA: a script needs Script=; without the u flag it is "p{Greek}"
  refused("(".repeat(1200) + "a" + ")".repeat(1200), /nests too deeply/);
  refused("^\ud800$", /lone surrogate/);
});

Deno.test("document text cannot leave the middleware's strings and comments", async () => {
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a\n}\nfunc init() { panic(1) }\n//": {
        additionalOperations: {
          "PURGE\nfunc x() {}": {
            parameters: [{
              name: 'q"\n`',
              in: "query",
              required: true,
              schema: { type: "string", pattern: '"\\n`\u0001' },
            }],
            responses: { "204": { description: "d" } },
          },
        },
      },
    },
  };
  const result = await generate({ content: JSON.stringify(doc) }, { ...flag, noReadme: true });
  const code = result.files.find((f) => f.name === "server_middleware.go")!.content;
  assert.ok(!/^func (x|init)\(/m.test(code), code);
  assert.ok(!/^}$\n^func init/m.test(code));
  assert.ok(
    code.includes(
      "// rvOpPurgeFuncXAFuncInitPanic1 checks PURGE FUNC X() {} /a } func init() { panic(1) } //.\n",
    ),
  );
  assert.ok(code.includes('{"query", "q\\"\\n`", true,'), "the parameter name is not a Go string literal");
});

Deno.test("a deeply nested schema compiles without recursion (one function per level)", async () => {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 400; i++) schema = { type: "array", items: schema };
  const doc = {
    openapi: "3.1.0",
    info: { title: "deep", version: "1" },
    paths: {
      "/d": {
        post: {
          requestBody: { content: { "application/json": { schema } } },
          responses: { "204": { description: "d" } },
        },
      },
    },
  };
  const result = await generate({ content: JSON.stringify(doc) }, { ...flag, noReadme: true });
  const code = result.files.filter((f) => f.name.startsWith("server_middleware")).map((f) => f.content).join(
    "",
  );
  assert.equal(code.match(/^func rvValue\d+\(/gm)?.length, 401);
});
