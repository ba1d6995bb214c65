import assert from "node:assert/strict";
import { UsageError } from "../core/mod.ts";
import { fix } from "./fix.ts";
import { compileOperationIdTemplate } from "./operation_ids.ts";

const values = {
  operationId: "get_user-Profile",
  method: "get",
  path: "users_id_profile",
  tag: "user admin",
  tags: "user admin_audit",
  n: "2",
};

Deno.test("operationId template: every placeholder and every modifier", () => {
  const table: [string, string][] = [
    ["{operationId}{n}", "get_user-Profile2"],
    ["{method}_{path}", "get_users_id_profile"],
    ["{tag}/{tags}", "user admin/user admin_audit"],
    ["{operationId:pascal}", "GetUserProfile"],
    ["{operationId:camel}", "getUserProfile"],
    ["{operationId:snake}", "get_user_profile"],
    ["{operationId:kebab}", "get-user-profile"],
    ["{operationId:upper}", "GET_USER-PROFILE"],
    ["{operationId:lower}", "get_user-profile"],
    ["{method:upper}{path:pascal}", "GETUsersIdProfile"],
    ["{tag:camel}{n}", "userAdmin2"],
    ["{tags:kebab}", "user-admin-audit"],
    ["{n:upper}x", "2x"],
    ["plain", "plain"],
  ];
  for (const [template, expected] of table) {
    assert.equal(compileOperationIdTemplate(template)(values), expected, template);
  }
  assert.equal(compileOperationIdTemplate("{operationId}{n}").usesN, true);
  assert.equal(compileOperationIdTemplate("{method}").usesN, false);
});

Deno.test("operationId template: unknown placeholders, modifiers and stray braces are usage errors", () => {
  for (
    const [template, message] of [
      ["{id}", /unknown placeholder \{id\}/],
      ["{method:title}", /unknown modifier in \{method:title\}/],
      ["{method:upper:lower}", /unknown modifier/],
      ["{method", /unmatched "\{"/],
      ["x}", /unmatched "\}"/],
    ] as const
  ) {
    assert.throws(
      () => compileOperationIdTemplate(template),
      (e) => e instanceof UsageError && message.test(e.message),
    );
  }
});

const idParam = { name: "id", in: "path", required: true, schema: { type: "string" } };
const ok = { "200": { description: "ok" } };
const content = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/users/{id}": {
      get: { operationId: "getUser", tags: ["users", "admin"], parameters: [idParam], responses: ok },
      put: { operationId: "getUser", tags: ["users", "admin"], parameters: [idParam], responses: ok },
    },
    "/people/{id}": {
      get: { operationId: "getUser", parameters: [idParam], responses: ok },
      delete: { operationId: "putUsersId", parameters: [idParam], responses: ok },
    },
  },
});
const withTemplate = (operationIdTemplate: string) =>
  fix({ content }, { fixDuplicateOperationIds: true, operationIdTemplate });

Deno.test("fix: templates with placeholders and modifiers rename duplicates", async () => {
  const table: [string, string[]][] = [
    ["{operationId}{n}", ["getUser2", "getUser3"]],
    ["{method}{path:pascal}", ["putUsersId_2", "getPeopleId"]],
    ["{operationId}_{tag}_{n}", ["getUser_users_2", "getUser__3"]],
    ["{tags:camel}{method:pascal}", ["usersAdminPut", "Get"]],
    ["{operationId:snake}_{method:upper}", ["get_user_PUT", "get_user_GET"]],
  ];
  for (const [template, ids] of table) {
    const r = await withTemplate(template);
    assert.deepEqual(r.fixes.map((f) => f.after), ids, template);
    assert.deepEqual(r.remainingErrors, [], template);
  }
});

Deno.test("fix: an empty or taken template result falls back deterministically, with a warning", async () => {
  const empty = await withTemplate("{tag}");
  assert.deepEqual(empty.fixes.map((f) => f.after), ["users", "getUser3"]);
  assert.deepEqual(empty.warnings.map((w) => [w.path, w.message, w.rule]), [[
    "paths./people/{id}.get.operationId",
    'operationId template for the duplicate "getUser": the template gave an empty id; used "getUser3".',
    "operationid-template-fallback",
  ]]);
  const taken = await withTemplate("{method}");
  assert.deepEqual(taken.fixes.map((f) => f.after), ["put", "get"]);
  assert.deepEqual(taken.warnings, []);
  const same = await withTemplate("getUser");
  assert.deepEqual(same.fixes.map((f) => f.after), ["getUser_2", "getUser_3"]);
  assert.equal(same.warnings.length, 2);
  assert.match(same.warnings[0].message, /"getUser" is already taken; used "getUser_2"/);
  // With {n}, a taken result tries the next n.
  const next = await withTemplate("putUsersId{n}");
  assert.deepEqual(next.fixes.map((f) => f.after), ["putUsersId2", "putUsersId3"]);
  assert.deepEqual(next.warnings, []);
  const again = await withTemplate("getUser{n}");
  assert.deepEqual(again.fixes.map((f) => f.after), ["getUser2", "getUser3"]);
});
