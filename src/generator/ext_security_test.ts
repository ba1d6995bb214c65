/**
 * The security extras (`--oauth2-flows`, `--credential-mgmt`, `--security-enforce`, `--oidc-discovery`):
 * which files and issues each flag gives (TypeScript decisions), then one Go module with every flag alone on
 * the petstores of every version and on the security fixtures, the hostile fixtures and GitHub-like splitting,
 * built, vetted, gofmt-checked, and the hand-written Go tests of testdata/generate/security/ run over
 * net/http/httptest (enforcement 401/403, OR and AND requirements, credential providers, the OAuth2 client
 * credentials and authorization code + PKCE flows against a token endpoint, OIDC discovery).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions, type GenerateResult } from "./generate.ts";
import { UsageError } from "../core/errors.ts";
import type { GeneratedFile } from "./split.ts";
import { alignedPairs } from "./emit_oauth2.ts";
import { checkGoModule } from "./_ext_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const fixture = (p: string) => join(ROOT, "testdata", p);
const SEC31 = "generate/security/security-3.1.yaml";
const SEC20 = "generate/security/security-2.0.yaml";
const SEC32 = "generate/security/security-3.2.yaml";
const HOSTILE = "generate/security/hostile-security-3.1.json";
const PETSTORES: [string, string][] = [
  ["20", "petstore/petstore-2.0.yaml"],
  ["30", "petstore/petstore-3.0.yaml"],
  ["31", "petstore/petstore-3.1.json"],
  ["32", "petstore/petstore-3.2.yaml"],
];
const FLAGS: [string, GenerateOptions][] = [
  ["oauth", { oauth2Flows: true }],
  ["cred", { credentialMgmt: true }],
  ["enforce", { server: true, securityEnforce: true }],
  ["oidc", { oidcDiscovery: true }],
];
const ALL: GenerateOptions = {
  client: true,
  server: true,
  oauth2Flows: true,
  credentialMgmt: true,
  securityEnforce: true,
  oidcDiscovery: true,
};

const names = (r: GenerateResult) => r.files.map((f) => f.name);
const rules = (r: GenerateResult, rule: string) => r.issues.filter((i) => i.rule === rule);

Deno.test("security extras on the petstores (no security scheme): issues instead of empty files", async () => {
  for (const [, file] of PETSTORES) {
    const oauth = await generate(fixture(file), { oauth2Flows: true, noReadme: true });
    assert.deepEqual(names(oauth), ["types.go"], file);
    assert.match(rules(oauth, "generate-oauth2")[0].message, /no OAuth2 security scheme/);
    assert.equal(rules(oauth, "generate-oauth2")[0].severity, "info");
    const cred = await generate(fixture(file), { credentialMgmt: true, noReadme: true });
    assert.deepEqual(names(cred), ["types.go", "credentials.go"], file);
    assert.match(rules(cred, "generate-credentials")[0].message, /declares no security scheme/);
    const enforce = await generate(fixture(file), { server: true, securityEnforce: true, noReadme: true });
    assert.deepEqual(names(enforce), ["types.go", "server.go", "security_enforce.go"], file);
    assert.match(rules(enforce, "generate-security-enforce")[0].message, /lets every request through/);
    const oidc = await generate(fixture(file), { oidcDiscovery: true, noReadme: true });
    assert.deepEqual(names(oidc), ["types.go", "oidc_discovery.go"], file);
    assert.match(rules(oidc, "generate-oidc")[0].message, /generic client only/);
  }
});

Deno.test("security extras: the files of the fixture, the names taken, the schemes reported", async () => {
  const r = await generate(fixture(SEC31), { ...ALL, noReadme: true });
  assert.deepEqual(names(r), [
    "types.go",
    "client.go",
    "server.go",
    "security_helpers.go",
    "pets_o_auth_oauth2.go",
    "other_o_auth_oauth2.go",
    "credentials.go",
    "security_enforce.go",
    "oidc_discovery.go",
  ]);
  const file = (n: string) => r.files.find((f) => f.name === n)!.content;
  // The shared OAuth2 code is in the first scheme's file only.
  assert.match(file("pets_o_auth_oauth2.go"), /^type OAuth2Config struct/m);
  assert.doesNotMatch(file("other_o_auth_oauth2.go"), /^type OAuth2Config struct/m);
  assert.match(file("other_o_auth_oauth2.go"), /^func OtherOAuthOAuth2ClientCredentials\(/m);
  for (const flow of ["ClientCredentials", "AuthorizationCode", "Password", "Implicit"]) {
    assert.match(file("pets_o_auth_oauth2.go"), new RegExp(`^func PetsOAuthOAuth2${flow}\\(`, "m"));
  }
  assert.match(file("pets_o_auth_oauth2.go"), /RefreshURL:\s+"https:\/\/auth\.example\.com\/refresh"/);
  // A schema named Principal: the middleware's type gets a suffix, and an info says so.
  assert.match(file("security_enforce.go"), /^type Principal2 struct/m);
  assert.ok(
    rules(r, "generate-security-extras").some((i) => /Principal2 instead of Principal/.test(i.message)),
  );
  // The scheme tables and the per-operation requirements (OR as alternatives, AND within one, {} optional).
  assert.match(
    file("security_enforce.go"),
    /\{scheme: "apiKeyCookie", kind: "apiKey", in: "cookie", name: "session"\}/,
  );
  assert.match(
    file("security_enforce.go"),
    /reqs: +\[\]map\[string\]\[\]string\{\{"apiKeyQuery": nil, "basicAuth": nil\}\}/,
  );
  assert.match(
    file("security_enforce.go"),
    /reqs: +\[\]map\[string\]\[\]string\{\{\}, \{"apiKeyCookie": nil\}\}/,
  );
  assert.match(
    file("security_enforce.go"),
    /reqs: +\[\]map\[string\]\[\]string\{\{"oidc": \{"read"\}\}, \{"petsOAuth": \{"read:pets"\}\}\}/,
  );
  assert.match(file("security_enforce.go"), /pattern: "\^\/public\$",\n\s+reqs: +nil,/);
  // The client's paths carry the base URL's: credentials.go matches the end of the path.
  assert.match(file("credentials.go"), /pattern: "\/pets\/\(\[\^\/\]\*\)\$"/);
  assert.match(
    file("oidc_discovery.go"),
    /return NewOIDCDiscovery\("https:\/\/issuer\.example\.com\/\.well-known\/openid-configuration", httpClient\)/,
  );
  // mutualTLS cannot be sent by WithCredentials.
  assert.ok(rules(r, "generate-credentials").some((i) => /"mtls" \(mutualTLS\)/.test(i.message)));
  // Byte-identical across runs.
  const again = await generate(fixture(SEC31), { ...ALL, noReadme: true });
  assert.deepEqual(again.files, r.files);
});

Deno.test("security extras: 2.0 flows, 3.2 device authorization, usage and names", async () => {
  const v20 = await generate(fixture(SEC20), { oauth2Flows: true, noReadme: true });
  assert.deepEqual(names(v20), ["types.go", "oauth_app_oauth2.go", "oauth_code_oauth2.go"]);
  assert.match(v20.files[1].content, /^func OauthAppOAuth2ClientCredentials\(/m);
  assert.match(v20.files[2].content, /^func OauthCodeOAuth2AuthorizationCode\(/m);
  const v32 = await generate(fixture(SEC32), { oauth2Flows: true, noReadme: true });
  assert.ok(
    rules(v32, "generate-oauth2").some((i) => /device authorization flow of scheme "device"/.test(i.message)),
  );
  assert.match(v32.files[1].content, /^func DeviceOAuth2ClientCredentials\(/m);
  // An openIdConnectUrl without the well-known suffix is used as given (no issuer to check).
  const oidc32 = await generate(fixture(SEC32), { oidcDiscovery: true, noReadme: true });
  assert.match(
    oidc32.files[1].content,
    /return &OIDCDiscovery\{URL: "https:\/\/login\.example\.com\/custom\/config", HTTPClient: httpClient\}/,
  );
  // Usable without --client (the editors are plain funcs, assignable to RequestEditorFn); enforcement needs
  // the server.
  const alone = await generate(fixture(SEC31), {
    oauth2Flows: true,
    credentialMgmt: true,
    oidcDiscovery: true,
  });
  assert.ok(names(alone).includes("credentials.go") && !names(alone).includes("client.go"));
  await assert.rejects(() => generate(fixture(SEC31), { securityEnforce: true }), UsageError);
  // Hostile names: unique, safe file names (never a build-constraint suffix, never another kind's part).
  const h = await generate(fixture(HOSTILE), { ...ALL, noReadme: true });
  const oauthFiles = names(h).filter((n) => n.endsWith("_oauth2.go"));
  assert.deepEqual(oauthFiles, [
    "x_u0000_func_init_panic_1_oauth2.go",
    "a_b_oauth2.go",
    "a_b_2_oauth2.go",
    "client_scheme_oauth2.go",
    "x_test_group_oauth2.go",
    "linux_group_oauth2.go",
  ]);
  assert.ok(rules(h, "generate-security-enforce").some((i) => i.severity === "warning"));
  assert.ok(rules(h, "generate-oidc").some((i) => /"noUrl" has no openIdConnectUrl/.test(i.message)));
});

Deno.test("alignedPairs lays key/value lines out as gofmt does", () => {
  assert.deepEqual(alignedPairs([['"a"', "1"], ['"bbb"', "2"]]), ['"a":   1,', '"bbb": 2,']);
  const long = `"${"s".repeat(90)}"`;
  // A key far longer than the others starts a new alignment section, and so does a short one after it.
  assert.deepEqual(alignedPairs([['"x"', "1"], [long, "2"], ['"y"', "3"]]), [
    '"x": 1,',
    `${long}: 2,`,
    '"y": 3,',
  ]);
});

await testWith(
  ["go"],
  "security extras build, vet, are gofmt-clean, and their Go tests pass over httptest",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-sec-" });
    try {
      const packages: Record<string, GeneratedFile[]> = {};
      const add = async (name: string, file: string, options: GenerateOptions) => {
        const r = await generate(fixture(file), { ...options, packageName: name });
        packages[name] = r.files.filter((f) => f.name.endsWith(".go"));
      };
      for (const [v, file] of PETSTORES) {
        for (const [flag, options] of FLAGS) await add(`pet${v}${flag}`, file, options);
      }
      for (const [flag, options] of FLAGS) await add(`sec${flag}`, SEC31, options);
      await add("sec20", SEC20, ALL);
      await add("sec32", SEC32, ALL);
      await add("secsplit", SEC31, { ...ALL, maxOpsPerFile: 1 });
      await add("hostilesec", HOSTILE, ALL);
      await add("hostile", "generate/hostile-3.1.json", ALL);
      await add("api", SEC31, ALL);
      assert.ok(packages.secsplit.some((f) => f.name === "security_enforce_pets.go"));
      packages.api.push({
        name: "security_test.go",
        content: await Deno.readTextFile(fixture("generate/security/security_test.go")),
      });
      await checkGoModule(dir, packages, ["api"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
