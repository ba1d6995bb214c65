import assert from "node:assert/strict";
import { compileIRegexp, type IRegexp, translateIRegexp } from "./_i_regexp.ts";
import { JsonPathLimitError } from "./json_path_limit_error.ts";

function matches(pattern: string, input: string): boolean {
  const regex = compileIRegexp(pattern, true);
  assert.notEqual(regex, null, `${pattern} should be a valid I-Regexp`);
  return (regex as RegExp).test(input);
}

Deno.test("I-Regexp", async (t) => {
  await t.step("dot matches any character except line feed and carriage return", () => {
    assert.equal(matches(".", "\u2028"), true);
    assert.equal(matches(".", "🎉"), true);
    assert.equal(matches(".", "\n"), false);
    assert.equal(matches(".", "\r"), false);
    assert.equal(matches("[.]", "x"), false);
    assert.equal(matches("[.]", "."), true);
  });

  await t.step("match is anchored, search is not", () => {
    assert.equal(matches("ab", "xab"), false);
    assert.equal((compileIRegexp("ab", false) as RegExp).test("xaby"), true);
    assert.equal(matches("a|b", "ab"), false);
  });

  await t.step("supports classes, ranges, categories, quantifiers and escapes", () => {
    assert.equal(matches("[a-c]{2,3}", "abc"), true);
    assert.equal(matches("[a-c]{2,3}", "abcd"), false);
    assert.equal(matches("[^a-c]+", "xyz"), true);
    assert.equal(matches("\\p{Lu}\\P{Lu}*", "Ábc"), true);
    assert.equal(matches("[\\p{Nd}-]+", "12-3"), true);
    assert.equal(matches("a\\-b\\.c", "a-b.c"), true);
    assert.equal(matches("[-a]", "-"), true);
    assert.equal(matches("[a-]", "-"), true);
    assert.equal(matches("(ab)+", "abab"), true);
    assert.equal(matches("x{2,}", "xxxx"), true);
    assert.equal(matches("\\t\\n", "\t\n"), true);
  });

  await t.step("rejects what is not I-Regexp", () => {
    for (
      const pattern of [
        "\\d",
        "\\w",
        "(?:a)",
        "(?=a)",
        "a*?",
        "a**",
        "a{,2}",
        "[]",
        "[a-\\p{L}]",
        "[a--]",
        "\\p{Cs}",
        "\\p{IsBasicLatin}",
        "(a",
        "a)",
        "a]",
        "a}",
        "\\1",
        "\\",
      ]
    ) {
      assert.equal(translateIRegexp(pattern), null, pattern);
    }
    assert.equal(compileIRegexp("[z-a]", true), null);
    assert.equal(compileIRegexp("a{3,1}", true), null);
  });
});

Deno.test("I-Regexp runs in linear time and bounds the compiled pattern", async (t) => {
  await t.step("patterns that backtrack exponentially elsewhere answer at once", () => {
    const input = "a".repeat(100_000) + "!";
    assert.equal(matches("(a+)+", input), false);
    assert.equal((compileIRegexp("(a|aa)+$", false) as IRegexp).test(input), false);
    assert.equal((compileIRegexp("((a*)*)*b", false) as IRegexp).test(input), false);
    assert.equal(matches("(a+)+!", input), true);
    // match() is a full match, not the first alternative found from the start.
    assert.equal(matches("a|ab", "ab"), true);
    assert.equal(matches("(a|ab)(c|bcd)", "abcd"), true);
  });

  await t.step("repetitions that expand beyond the budget are refused with a clear error", () => {
    for (const pattern of ["a{1001}", "(a{100}){200}", "((a{10}){10}){101}", "x{5,2000}"]) {
      assert.throws(
        () => compileIRegexp(pattern, true),
        (e: unknown) =>
          e instanceof JsonPathLimitError && e.budget === "regex" &&
          e.message.startsWith(`the regular expression ${JSON.stringify(pattern)} is too large`) &&
          e.message.endsWith("simplify the pattern."),
        pattern,
      );
    }
    assert.equal(matches("(a{10}){100}", "a".repeat(1000)), true);
    assert.equal(matches("\\p{L}{1000}", "é".repeat(1000)), true);
  });
});
