/**
 * Every server extension and security extra at once: `--server-all` (responses, binder, middleware, stdlib
 * router, stubs) with `--server-embed-spec`, `--client` and the four security extras, on the petstores of
 * every version, the security fixture and the hostile document, and with the chi router — one Go module that
 * builds, vets and is gofmt-clean with Go 1.19. all_test.go then runs the 3.0 petstore's stub implementation
 * through the router behind the validation middleware over httptest.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { checkGoModule, chiGoMod, EVERY_EXTENSION, fixture, generateVariants } from "./_ext_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const ALL = EVERY_EXTENSION;

/** Each file --server-all gives, alone (the router, binder and middleware files may be split into parts). */
const SERVER_ALL_FILES = [
  "server_responses.go",
  "server_binder.go",
  "server_middleware.go",
  "server_router.go",
  "server_stubs.go",
];

await testWith(
  ["go", "chi"],
  "--server-all with every extra builds on every version and with chi; the stubs answer through router and middleware",
  async () => {
    const goMod = await chiGoMod();
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-all-" });
    try {
      const { packages, names } = await generateVariants([
        ["petstore20", "petstore/petstore-2.0.yaml", ALL],
        ["api", "petstore/petstore-3.0.yaml", { server: true, serverAll: true, serverEmbedSpec: true }],
        ["petstore30", "petstore/petstore-3.0.yaml", ALL],
        ["petstore31", "petstore/petstore-3.1.json", ALL],
        ["petstore32", "petstore/petstore-3.2.yaml", ALL],
        ["security31", "generate/security/security-3.1.yaml", ALL],
        ["hostile", "generate/hostile-3.1.json", ALL],
        ["chi30", "petstore/petstore-3.0.yaml", { ...ALL, serverRouter: "chi" }],
        ["chisecurity", "generate/security/security-3.1.yaml", { ...ALL, serverRouter: "chi" }],
      ]);
      for (const [name, files] of Object.entries(names)) {
        for (const f of SERVER_ALL_FILES) assert.ok(files.includes(f), `${name}: ${f} in ${files.join(" ")}`);
        assert.ok(files.includes("server_embed.go"), name);
      }
      assert.ok(
        names.security31.includes("credentials.go") && names.security31.includes("security_enforce.go"),
      );
      assert.ok(names.security31.includes("oidc_discovery.go"));
      assert.ok(names.security31.some((n) => n.endsWith("_oauth2.go")));
      // Only the chi router's file imports chi; nothing imports an oatool package.
      for (const [name, files] of Object.entries(packages)) {
        for (const f of files) {
          const chi = f.content.includes('"github.com/go-chi/chi/v5"');
          assert.equal(
            chi,
            name.startsWith("chi") && f.name.startsWith("server_router"),
            `${name}/${f.name}`,
          );
          assert.ok(
            !/"[^"]*oatool[^"]*"\n/.test(f.content.split("\n)\n")[0]),
            `${name}/${f.name} imports oatool`,
          );
        }
      }
      packages.api.push({
        name: "all_test.go",
        content: await Deno.readTextFile(fixture("generate/all/all_test.go")),
      });
      await checkGoModule(dir, packages, ["api"], () => Deno.writeTextFile(join(dir, "go.mod"), goMod));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
