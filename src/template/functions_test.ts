import assert from "node:assert/strict";
import {
  camelCase,
  kebabCase,
  pascalCase,
  pathClean,
  pathLast,
  pathResource,
  pathSegment,
  RENAME_FUNCS,
  snakeCase,
  splitWords,
} from "./mod.ts";
import { compileTemplate, TemplateError } from "./mod.ts";

const FIELDS = {
  Path: "string",
  Tags: "strings",
  NoTags: "strings",
  OperationID: "string",
  Name: "string",
  Index: "int",
} as const;

function run(source: string, data: Record<string, unknown>): string {
  return compileTemplate(source, { fields: FIELDS, funcs: RENAME_FUNCS })
    .execute({ Path: "", Tags: [], NoTags: [], OperationID: "", Name: "", Index: 0, ...data } as never);
}

Deno.test("path functions skip parameter segments, except pathClean", async (t) => {
  const cases: [string, () => string, string][] = [
    ["pathSegment 0", () => pathSegment("/users/{id}/orders", 0), "users"],
    ["pathSegment 1 skips the parameter", () => pathSegment("/users/{id}/orders", 1), "orders"],
    ["pathSegment -1 counts from the end", () => pathSegment("/users/{id}/orders", -1), "orders"],
    ["pathSegment -2", () => pathSegment("/users/{id}/orders", -2), "users"],
    ["pathSegment out of range", () => pathSegment("/users/{id}/orders", 2), ""],
    ["pathSegment negative out of range", () => pathSegment("/users", -2), ""],
    ["pathSegment of the root", () => pathSegment("/", 0), ""],
    ["pathResource", () => pathResource("/users/{id}/orders"), "users"],
    ["pathResource skips a leading parameter", () => pathResource("/{tenant}/users"), "users"],
    ["pathResource of parameters only", () => pathResource("/{id}"), ""],
    ["pathResource of a webhook", () => pathResource("webhook:newPet"), "newPet"],
    [
      "pathResource of a callback reads the parent path",
      () => pathResource("/orders->onShip:{$url}"),
      "orders",
    ],
    ["pathLast", () => pathLast("/users/{id}/orders"), "orders"],
    ["pathLast skips a trailing parameter", () => pathLast("/users/{id}"), "users"],
    ["pathLast with trailing slash", () => pathLast("/users/"), "users"],
    ["pathClean keeps parameter names", () => pathClean("/users/{id}"), "users_id"],
    ["pathClean joins all segments", () => pathClean("/users/{id}/orders"), "users_id_orders"],
    [
      "pathClean replaces invalid characters",
      () => pathClean("/api/v1.2/user-profiles/{user-id}"),
      "api_v1_2_user_profiles_user_id",
    ],
    ["pathClean of the root", () => pathClean("/"), ""],
    ["pathClean of a webhook", () => pathClean("webhook:new-pet"), "new_pet"],
  ];
  for (const [name, fn, want] of cases) await t.step(name, () => assert.equal(fn(), want));
});

Deno.test("case functions accept snake, kebab, camel, Pascal and space-separated input", async (t) => {
  const inputs = [
    "user_profile",
    "user-profile",
    "userProfile",
    "UserProfile",
    "user profile",
    "USER_PROFILE",
    " user  profile ",
  ];
  for (const input of inputs) {
    await t.step(JSON.stringify(input), () => {
      assert.equal(pascalCase(input), "UserProfile");
      assert.equal(camelCase(input), "userProfile");
      assert.equal(snakeCase(input), "user_profile");
      assert.equal(kebabCase(input), "user-profile");
    });
  }
  const words: [string, string[]][] = [
    ["HTTPServer", ["HTTP", "Server"]],
    ["getHTTPStatus2xx", ["get", "HTTP", "Status2", "xx"]],
    ["v2Users", ["v2", "Users"]],
    ["listPets.v1", ["list", "Pets", "v1"]],
    ["", []],
    ["__", []],
  ];
  for (const [input, want] of words) {
    await t.step(`words of ${JSON.stringify(input)}`, () => assert.deepEqual(splitWords(input), want));
  }
  await t.step("acronyms become capitalised words", () => {
    assert.equal(pascalCase("HTTPServer"), "HttpServer");
    assert.equal(camelCase("HTTPServer"), "httpServer");
    assert.equal(snakeCase("HTTPServer"), "http_server");
    assert.equal(kebabCase("getUserByID"), "get-user-by-id");
  });
});

Deno.test("template functions work in call and pipe form", async (t) => {
  const data = {
    Path: "/users/{id}/orders",
    Tags: ["pets", "store"],
    OperationID: "list_user_orders",
    Name: "Pet",
  };
  const cases: [string, string, Record<string, unknown>, string][] = [
    ["pathSegment", "{{pathSegment .Path 1}}", data, "orders"],
    ["pathSegment negative", "{{pathSegment .Path -1}}", data, "orders"],
    ["pathSegment piped index", "{{1 | pathSegment .Path}}", data, "orders"],
    ["pathResource piped", "{{pathResource .Path | pascalCase}}", data, "Users"],
    ["pathLast", "{{pathLast .Path}}", data, "orders"],
    ["pathClean", "{{pathClean .Path}}", data, "users_id_orders"],
    ["firstTag", "{{firstTag .Tags}}", data, "pets"],
    ["firstTag of no tags", "[{{firstTag .NoTags}}]", data, "[]"],
    ["joinTags", '{{joinTags .Tags "_"}}', data, "pets_store"],
    ["hasTag true", '{{if hasTag .Tags "store"}}yes{{end}}', data, "yes"],
    ["hasTag false", '{{hasTag .Tags "nope"}}', data, "false"],
    ["pascalCase piped", "{{.OperationID | pascalCase}}", data, "ListUserOrders"],
    ["camelCase", "{{camelCase .OperationID}}", data, "listUserOrders"],
    ["snakeCase", '{{snakeCase "ListUserOrders"}}', data, "list_user_orders"],
    ["kebabCase", "{{kebabCase .OperationID}}", data, "list-user-orders"],
    ["default keeps a value", '{{.OperationID | default "op"}}', data, "list_user_orders"],
    ["default takes the fallback first", '{{.OperationID | default "op"}}', { OperationID: "" }, "op"],
    ["default in call form", '{{default "op" .OperationID}}', { OperationID: "" }, "op"],
    ["default without a value", '{{default "op"}}', {}, "op"],
    ["default on an empty list", "{{default .Tags .NoTags}}", data, "[pets store]"],
    ["coalesce picks the first non-empty", '{{coalesce .OperationID .Name "x"}}', { Name: "Pet" }, "Pet"],
    ["coalesce of all empty", '[{{coalesce .OperationID ""}}]', {}, "[]"],
    ["coalesce with a zero", "{{coalesce .Index .Name}}", { Name: "N" }, "N"],
    [
      "spec example: operation id or resource",
      "{{coalesce (.OperationID | pascalCase) (pathResource .Path | pascalCase)}}{{.Name}}",
      { Path: "/pets/{id}", Name: "Pet" },
      "PetsPet",
    ],
  ];
  for (const [name, source, input, want] of cases) {
    await t.step(name, () => assert.equal(run(source, input), want));
  }
});

Deno.test("template functions check their arguments before running", async (t) => {
  const cases: [string, RegExp][] = [
    ["{{pathSegment .Path}}", /wrong number of args for pathSegment: want 2 got 1/],
    ['{{pathSegment .Path "1"}}', /expected int; got string/],
    ["{{pathSegment .Path 1.5}}", /expected int; got float64/],
    ["{{firstTag .Path}}", /expected \[\]string; got string/],
    ["{{.Tags | pascalCase}}", /expected string; got \[\]string/],
    ["{{joinTags .Tags}}", /want 2 got 1/],
    ["{{default}}", /want at least 1 got 0/],
    ['{{default "a" "b" "c"}}', /want at most 2 got 3/],
  ];
  for (const [source, pattern] of cases) {
    await t.step(source, () => {
      assert.throws(
        () => compileTemplate(source, { fields: FIELDS, funcs: RENAME_FUNCS }),
        (e: unknown) => e instanceof TemplateError && pattern.test(e.detail),
      );
    });
  }
});
