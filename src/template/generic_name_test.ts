import assert from "node:assert/strict";
import { componentNameOf, sanitizeComponentName } from "./generic_name.ts";

Deno.test("componentNameOf: valid names are kept; others follow the strategy", () => {
  const table: [string, Parameters<typeof componentNameOf>[1], string][] = [
    ["User", {}, "User"],
    ["user.v2-x_y", {}, "user.v2-x_y"],
    ["Response[User]", {}, "Response_User_"],
    ["Response<User>", { strategy: "of" }, "ResponseOfUser"],
    ["Response[User]", { strategy: "for" }, "ResponseForUser"],
    ["Response[User]", { strategy: "flat" }, "ResponseUser"],
    ["Response[User]", { strategy: "dot" }, "Response.User"],
    ["Map[string, int]", {}, "Map_String_Int_"],
    ["Map[string,int]", { paramSeparator: "And" }, "Map_StringAndInt_"],
    ["Map[string,int]", { separator: "-", preserveCasing: true }, "Map-string_int-"],
    ["Map[string,int]", { separator: "[" }, "Map_String_Int_"],
    ["Page[List[user_item]]", { strategy: "of" }, "PageOfListOfUserItem"],
    ["pkg/Pet", {}, "pkg_Pet"],
    ["Café Crème", {}, "Cafe_Creme"],
    ["Ünïcödé[été]", {}, "Unicode_Ete_"],
    ["[]", {}, "Schema"],
    ["Broken[User", {}, "Broken_User"],
    ["日本", {}, "Schema"],
  ];
  for (const [name, options, expected] of table) {
    assert.equal(componentNameOf(name, options), expected, `${name} ${JSON.stringify(options)}`);
  }
  assert.equal(sanitizeComponentName("  a/b  "), "a_b");
});

Deno.test("componentNameOf: nesting deeper than the bound is sanitised as text, without recursion", () => {
  const deep = "A[".repeat(10_000) + "B" + "]".repeat(10_000);
  const out = componentNameOf(deep);
  assert.match(out, /^[a-zA-Z0-9._-]+$/);
});
