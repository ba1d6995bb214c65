import assert from "node:assert/strict";
import { join } from "./join.ts";

// A document-level map the first document already has (`x-webhooks` of 3.0 fleets, apideck's) is kept whole,
// as the README says; the warning names what the later document loses with it.

const hook = (summary: string) => ({ post: { summary, responses: { "200": { description: "ok" } } } });
const doc = (title: string, hooks: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title, version: "1" },
  paths: {},
  "x-webhooks": hooks,
});

Deno.test("x-webhooks: the first document's is kept, the warning names the entries dropped", async () => {
  const crm = doc("crm", { LeadCreated: hook("lead"), CompanyCreated: hook("company") });
  const hris = doc("hris", {
    CompanyCreated: hook("company, in hris"),
    EmployeeCreated: hook("employee"),
    LeadCreated: hook("lead"),
  });
  const r = await join([crm, hris], { validateInputs: false });
  assert.deepEqual(Object.keys(r.document["x-webhooks"] as object), ["LeadCreated", "CompanyCreated"]);
  assert.equal(
    r.warnings.find((w) => w.startsWith("x-webhooks")),
    "x-webhooks of parsed[1] differs from the result's; the value from parsed[0] is kept; dropped: its entry " +
      "EmployeeCreated that the result does not have, and its different CompanyCreated",
  );
});

Deno.test("a long list of dropped entries is cut, with the count", async () => {
  const many = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`E${i}`, hook(`${i}`)]));
  const r = await join([doc("a", { A: hook("a") }), doc("b", many)], { validateInputs: false });
  assert.match(
    r.warnings.find((w) => w.startsWith("x-webhooks"))!,
    /; dropped: its entries E0, E1, E2, E3, E4, … \(1,200 in all\) that the result does not have$/,
  );
});
