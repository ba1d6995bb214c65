import assert from "node:assert/strict";
import { findings, oas2, op } from "../_test_helpers.ts";

const body = (name: string) => ({ name, in: "body", schema: { type: "object" } });
const form = (name: string, type = "string") => ({ name, in: "formData", type });

Deno.test("body-parameters (2.0)", async (t) => {
  await t.step("two body parameters (path level + operation level)", async () => {
    const doc = oas2({ paths: { "/a": { parameters: [body("a")], post: op({ parameters: [body("b")] }) } } });
    assert.deepEqual((await findings(doc, "body-parameters")).map((x) => x.path), [
      "paths./a.post.parameters[0]",
    ]);
  });
  await t.step("body mixed with formData", async () => {
    const doc = oas2({
      consumes: ["multipart/form-data"],
      paths: { "/a": { post: op({ parameters: [body("a"), form("f")] }) } },
    });
    const f = await findings(doc, "body-parameters");
    assert.deepEqual(f.map((x) => x.path), ["paths./a.post.parameters[0]"]);
    assert.match(f[0].message, /cannot be used together/);
  });
  await t.step("formData needs a form consumes; type file needs multipart", async () => {
    const none = oas2({ paths: { "/a": { post: op({ parameters: [form("f")] }) } } });
    assert.match((await findings(none, "body-parameters"))[0].message, /x-www-form-urlencoded/);
    const urlenc = oas2({
      paths: {
        "/a": {
          post: op({ consumes: ["application/x-www-form-urlencoded"], parameters: [form("f", "file")] }),
        },
      },
    });
    assert.match((await findings(urlenc, "body-parameters"))[0].message, /multipart\/form-data/);
    const ok = oas2({
      consumes: ["multipart/form-data; boundary=x"],
      paths: { "/a": { post: op({ parameters: [form("f", "file")] }) } },
    });
    assert.deepEqual(await findings(ok, "body-parameters"), []);
  });
});
