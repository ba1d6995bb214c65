import { assertEquals, assertThrows } from "./_assert_test.ts";
import { detectVersion, laterPatch, versionFamily } from "./version.ts";
import { loadDocument } from "../io/load.ts";
import { UnsupportedVersionError } from "./errors.ts";

Deno.test("detectVersion accepts every supported version", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ swagger: "2.0" }, "2.0", "2.0"],
    [{ openapi: "3.0.0" }, "3.0.0", "3.0"],
    [{ openapi: "3.0.4" }, "3.0.4", "3.0"],
    [{ openapi: "3.1.0" }, "3.1.0", "3.1"],
    [{ openapi: "3.1.2" }, "3.1.2", "3.1"],
    [{ openapi: "3.2.0" }, "3.2.0", "3.2"],
  ];
  for (const [doc, version, family] of cases) {
    assertEquals(detectVersion(doc), { version, oasVersion: family });
  }
});

Deno.test("detectVersion names what it found when it refuses", () => {
  assertThrows(
    () => detectVersion({ openapi: "3.3.0" }, "a.yaml"),
    UnsupportedVersionError,
    '"3.3.0" is not supported',
  );
  assertThrows(() => detectVersion({ openapi: "3.0.05" }), UnsupportedVersionError, '"3.0.05"');
  assertThrows(() => detectVersion({ openapi: "3.1.3-rc1" }), UnsupportedVersionError, '"3.1.3-rc1"');
  assertThrows(
    () => detectVersion({ openapi: "3.4.0" }),
    UnsupportedVersionError,
    '"3.4.0" is not supported',
  );
  assertThrows(
    () => detectVersion({ openapi: "4.0.0" }),
    UnsupportedVersionError,
    '"4.0.0" is not supported',
  );
  assertThrows(() => detectVersion({ swagger: "2.0.1" }), UnsupportedVersionError, '"2.0.1"');
  assertThrows(() => detectVersion({ swagger: "1.2" }), UnsupportedVersionError, '"1.2"');
  assertThrows(() => detectVersion({ openapi: "2.0" }), UnsupportedVersionError, '"2.0" is not supported');
  assertThrows(() => detectVersion({ openapi: 3.1 }), UnsupportedVersionError, "a number (3.1)");
  assertThrows(() => detectVersion({ info: {} }), UnsupportedVersionError, 'no "openapi" or "swagger"');
  assertThrows(() => detectVersion({ swagger: "2.0", openapi: "3.0.0" }), UnsupportedVersionError, "both");
  assertThrows(() => detectVersion([1]), UnsupportedVersionError, "a list");
  assertEquals(versionFamily("3.1.1"), "3.1");
  assertEquals(versionFamily("4.0.0"), undefined);
});

Deno.test("detectVersion accepts a later patch of a known minor as the latest known patch, with a warning", () => {
  const cases: [string, string, string][] = [
    ["3.0.5", "3.0.4", "3.0"],
    ["3.0.17", "3.0.4", "3.0"],
    ["3.1.3", "3.1.2", "3.1"],
    ["3.2.1", "3.2.0", "3.2"],
  ];
  for (const [declared, treatedAs, family] of cases) {
    const d = detectVersion({ openapi: declared }, "a.yaml");
    assertEquals([d.version, d.oasVersion, laterPatch(declared)?.knownVersion], [
      declared,
      family,
      treatedAs,
    ]);
    assertEquals(
      laterPatch(declared, "a.yaml")?.warning,
      `a.yaml declares openapi "${declared}", a patch release newer than oatool knows; it is read and validated ` +
        `as ${treatedAs}, the latest ${family} patch oatool knows.`,
    );
  }
  for (const known of ["3.0.4", "3.1.0", "3.2.0"]) {
    assertEquals(laterPatch(known), undefined);
  }
});

Deno.test("loadDocument (parse, join, overlay, validate) carries the later-patch warning", async () => {
  const r = await loadDocument({ content: 'openapi: 3.2.1\ninfo: {title: T, version: "1"}\npaths: {}\n' });
  assertEquals([r.version, r.oasVersion], ["3.2.1", "3.2"]);
  assertEquals(r.warnings.map((w) => [w.rule, w.path, w.severity]), [["oas-version", "openapi", "warning"]]);
});
