import { assertEquals } from "../core/_assert_test.ts";
import { loadDocument } from "../core/mod.ts";
import { diff } from "./mod.ts";

const doc = (version: string, extra = "") =>
  `openapi: 3.0.3\ninfo: {title: t, version: "${version}"}\npaths:\n  /a:\n    get: {responses: {"200": {description: ok}}}\n${extra}`;

Deno.test("diff takes loaded documents as well as sources, and leaves them unchanged", async () => {
  const base = await loadDocument({
    content: doc("1", '  /b:\n    get: {responses: {"200": {description: ok}}}\n'),
  });
  const revision = await loadDocument({ content: doc("2") });
  const before = JSON.stringify([base.document, revision.document]);
  const fromLoaded = await diff(base, revision);
  const fromSources = await diff({
    content: doc("1", '  /b:\n    get: {responses: {"200": {description: ok}}}\n'),
  }, {
    content: doc("2"),
  });
  assertEquals(
    fromLoaded.changes.map((c) => [c.id, c.path, c.severity]),
    fromSources.changes.map((c) => [c.id, c.path, c.severity]),
  );
  assertEquals(fromLoaded.breakingCount > 0, true);
  assertEquals(JSON.stringify([base.document, revision.document]), before);
});
