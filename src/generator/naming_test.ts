import assert from "node:assert/strict";
import { declaredNames, goLocal, goName, isGoPackageName, NameRegistry } from "./naming.ts";
import { safeGroup } from "./split.ts";

Deno.test("goName: exported identifiers with Go's initialisms; digits and symbols handled", () => {
  assert.equal(goName("pet_id"), "PetID");
  assert.equal(goName("api-key"), "APIKey");
  assert.equal(goName("listPets"), "ListPets");
  assert.equal(goName("2fa"), "N2Fa");
  assert.equal(goName("@#!"), "Value");
  assert.equal(goName("http_url"), "HTTPURL");
  assert.equal(goLocal("type"), "typeValue");
  assert.equal(goLocal("PetID"), "petID");
});

Deno.test("isGoPackageName: lower case, no hyphens, no keywords", () => {
  assert.ok(isGoPackageName("api"));
  assert.ok(isGoPackageName("petstore2"));
  for (const bad of ["Api", "my-api", "2api", "func", "", "main"]) assert.ok(!isGoPackageName(bad), bad);
});

Deno.test("NameRegistry: numbered suffixes, deterministic; file groups never read as build constraints", () => {
  const r = new NameRegistry(["Client"]);
  assert.deepEqual([r.take("Client"), r.take("Pet"), r.take("Pet")], ["Client2", "Pet", "Pet2"]);
  assert.equal(safeGroup("Pet Store"), "pet_store");
  assert.equal(safeGroup("test"), "test_group");
  assert.equal(safeGroup("for linux"), "for_linux_group");
  assert.equal(safeGroup("///"), "default");
});

Deno.test("goName: a hint's name from its space-separated parts equals the name of the whole", () => {
  // A name with spaces takes the parts' path; the same name with "-" (also not a word character) takes the
  // whole-name path: both must give the same identifier.
  const pieces = ["Pet", "owner", "ID", "HTTPServer", "2fa", "x", "_", "URLs", "", "a1B2", "JSONData", "99"];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 2000; i++) {
    const n = 1 + (next() % 5);
    const parts = Array.from({ length: n }, () => pieces[next() % pieces.length]);
    const spaced = parts.join(" ");
    assert.equal(goName(spaced, "F"), goName(spaced.replaceAll(" ", "-"), "F"), JSON.stringify(spaced));
  }
  assert.equal(goName("Pet owner id"), "PetOwnerID");
  assert.equal(goName("2fa code"), "N2FaCode");
});

Deno.test("NameRegistry: the same names whether it holds few names or many", () => {
  const r = new NameRegistry(["Reserved", "Reserved"]);
  const got = Array.from({ length: 60 }, (_, i) => r.take(["Pet", "Owner", "Reserved", `N${i % 7}`][i % 4]));
  assert.deepEqual(got.slice(0, 8), ["Pet", "Owner", "Reserved2", "N3", "Pet2", "Owner2", "Reserved3", "N0"]);
  assert.equal(new Set(got).size, 60);
  assert.equal(got[56], "Pet15");
  assert.ok(r.has("N32") && r.has("Reserved") && !r.has("Pet16"));
});

Deno.test("declaredNames: the package-level names of Go source, methods left out", () => {
  const code = [
    "// Client calls the API.",
    "type Client struct {",
    "\tServer string",
    "}",
    "",
    "func (c *Client) Do() {}",
    "",
    "func NewClient() *Client { return nil }",
    "",
    "var (",
    "\tcredRoutes    []int",
    "\tcredRoutesMu, other sync.Once",
    ")",
    "",
    "const (",
    '\tColorRed Color = "red"',
    ")",
    'var ErrX = errors.New("x")',
    "type ptr[T any] func() T",
  ].join("\n");
  assert.deepEqual(declaredNames(code), [
    "Client",
    "NewClient",
    "credRoutes",
    "credRoutesMu",
    "ColorRed",
    "ErrX",
    "ptr",
  ]);
});
