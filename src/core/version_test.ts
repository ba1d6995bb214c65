import { assertEquals, assertThrows } from "./_assert_test.ts";
import { detectVersion, versionFamily } from "./version.ts";
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
  assertThrows(() => detectVersion({ openapi: "3.0.5" }), UnsupportedVersionError, '"3.0.5"');
  assertThrows(() => detectVersion({ swagger: "1.2" }), UnsupportedVersionError, '"1.2"');
  assertThrows(() => detectVersion({ openapi: "2.0" }), UnsupportedVersionError, '"2.0" is not supported');
  assertThrows(() => detectVersion({ openapi: 3.1 }), UnsupportedVersionError, "a number (3.1)");
  assertThrows(() => detectVersion({ info: {} }), UnsupportedVersionError, 'no "openapi" or "swagger"');
  assertThrows(() => detectVersion({ swagger: "2.0", openapi: "3.0.0" }), UnsupportedVersionError, "both");
  assertThrows(() => detectVersion([1]), UnsupportedVersionError, "a list");
  assertEquals(versionFamily("3.1.1"), "3.1");
  assertEquals(versionFamily("4.0.0"), undefined);
});
