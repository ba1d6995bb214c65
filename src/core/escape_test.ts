import assert from "node:assert/strict";
import { escapeText, escapeWorkflowData, escapeWorkflowProperty } from "./escape.ts";

Deno.test("escapeText: control characters as escapes, printable text unchanged", () => {
  assert.equal(escapeText("Pets API — ünïcode ✓ 🐶"), "Pets API — ünïcode ✓ 🐶");
  assert.equal(escapeText("a\x1b[2Jb"), "a\\u001b[2Jb");
  assert.equal(escapeText("line1\nline2\r\tx"), "line1\\nline2\\r\\tx");
  assert.equal(escapeText("bell\x07 del\x7f c1\x9b nul\0"), "bell\\u0007 del\\u007f c1\\u009b nul\\u0000");
  assert.equal(escapeText("sep\u2028bidi\u202eiso\u2066"), "sep\\u2028bidi\\u202eiso\\u2066");
  // The same result on every call (the global regular expression keeps no state between calls).
  for (let i = 0; i < 3; i++) assert.equal(escapeText("x\ny"), "x\\ny");
  const escaped = escapeText("\x1b]0;title\x07\x1b[1A\r::error::forged\n");
  // deno-lint-ignore no-control-regex -- looking for control characters is the test
  assert.doesNotMatch(escaped, /[\x00-\x1f\x7f-\x9f]/);
});

Deno.test("workflow commands: % CR LF encoded in data; : and , also in properties; other controls dropped", () => {
  assert.equal(escapeWorkflowData("100%\r\n::error::x"), "100%25%0D%0A::error::x");
  assert.equal(escapeWorkflowData("a\x1b[31mb\x07c\x00d\u202ee"), "a[31mbcde");
  assert.equal(escapeWorkflowProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
  assert.equal(escapeWorkflowProperty("file\x1b.yaml"), "file.yaml");
});
