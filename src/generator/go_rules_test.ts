/**
 * The generator's copies of Go's rules held to Go itself (Go 1.19 on PATH): which patterns `regexp.Compile`
 * accepts ({@link goRegexpProblem}, and every pattern {@link ecmaToRe2} returns), and which names are Go
 * identifiers ({@link goName} over letters of every Unicode version up to 16). One Go program reads the cases
 * and prints Go's verdicts.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { goRegexpProblem, pathPatternProblem } from "./go_regexp.ts";
import { ecmaToRe2 } from "./ecma_regexp.ts";
import { goName, isGoLetter } from "./naming.ts";
import { runGo } from "./_go_toolchain_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const VERDICTS = `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"regexp"
	"unicode"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var c [2]string
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		switch c[0] {
		case "regexp":
			_, err := regexp.Compile(c[1])
			fmt.Println(err == nil)
		case "ident":
			fmt.Println(token.IsIdentifier(c[1]) && token.IsExported(c[1]))
		case "letter":
			fmt.Println(unicode.IsLetter([]rune(c[1])[0]) || c[1] == "_")
		}
	}
}
`;

/** Go's verdict on each case (`[kind, text]`). */
async function goVerdicts(cases: readonly (readonly [string, string])[]): Promise<boolean[]> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-go-rules-" });
  try {
    await Deno.writeTextFile(join(dir, "go.mod"), "module rules\n\ngo 1.19\n");
    await Deno.writeTextFile(join(dir, "main.go"), VERDICTS);
    await Deno.writeTextFile(join(dir, "cases.txt"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
    const build = await runGo("go", ["build", "-o", "rules", "."], dir);
    assert.equal(build.code, 0, build.output);
    const out = await new Deno.Command(join(dir, "rules"), {
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = out.stdin.getWriter();
    await w.write(await Deno.readFile(join(dir, "cases.txt")));
    await w.close();
    const { code, stdout, stderr } = await out.output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    return new TextDecoder().decode(stdout).trim().split("\n").map((l) => l === "true");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** RE2 patterns whose verdicts differ between RE2 implementations or need Go 1.19's own tables and limits. */
const RE2_PATTERNS: readonly string[] = [
  "(".repeat(999) + "a" + ")".repeat(999),
  "(".repeat(1000) + "a" + ")".repeat(1000),
  "(?:".repeat(1200) + "a" + ")".repeat(1200),
  "(a".repeat(500) + ")".repeat(500),
  "(a".repeat(501) + ")".repeat(501),
  "((a{1000}){1000}){1000}",
  "(a{1000}){1000}",
  "(a{100}){100}",
  "(a{40}){40}",
  "a{40}b{40}",
  "(((a{10}){10}){10}){10}",
  "a{1000}b{1000}c{1000}",
  "\\pL{1000}",
  "(\\pL{1000}){1000}",
  "x{1000}{1000}",
  "x{2,1}",
  "x{1000,}",
  "x{1001,}",
  "x{0,1000}",
  "x{99999999999}",
  "a**",
  "a*?",
  "a++",
  "(?P<1a>x)",
  "(?P<>x)",
  "(?<n>x)",
  "\\8",
  "[z-a]",
  "[a-]",
  "[-a]",
  "[]a]",
  "[^]a]",
  "\\x{110000}",
  "\\x{10ffff}",
  "\\x{d800}",
  "[[:foo:]]",
  "[[:^alpha:]]",
  "[[:word:]]",
  "\\pN",
  "\\p{Nd}",
  "\\p{^Greek}",
  "\\P{Greek}",
  "\\p{L&}",
  "\\p{Lc}",
  "\\p{LC}",
  "\\p{Cn}",
  "\\p{Cs}",
  "\\p{Co}",
  "\\p{Han}",
  "\\p{Yezidi}",
  "\\p{Chorasmian}",
  "\\p{Toto}",
  "\\p{Vithkuqi}",
  "\\p{Cypro_Minoan}",
  "\\p{Kawi}",
  "\\p{Nag_Mundari}",
  "\\p{Latn}",
  "\\p{Letter}",
  "\\p{sc}",
  "\\p{Script=Greek}",
  "\\p{any}",
  "\\p{Any}",
  "\\P{Any}",
  "[\\p{Kawi}a]",
  "\\Q\\p{Kawi}\\E",
  "[\\Q]\\E]",
  "(?i)\\p{Lu}",
  "(?U)x*",
  "(?i-s:x)",
  "(?x)a b",
  "(?i:",
  "\\z",
  "\\Z",
  "\\C",
  "\\v",
  "\\e",
  "\\x4",
  "\\x{41",
  "[\\d-z]",
  "[a-\\d]",
  "[\\pL-z]",
  "[\\x{feff}-z]",
  "a{,5}",
  "a{",
  "a|*",
  "(|)",
  "a\u{1F600}",
];

/** ECMA-262 patterns: what the translation returns must compile in Go. */
const ECMA_PATTERNS: readonly string[] = [
  "^\\p{Letter}+$",
  "\\p{L}\\p{Lu}\\P{Nd}",
  "\\p{Script=Greek}",
  "\\p{sc=Latin}",
  "\\p{General_Category=Decimal_Number}",
  "\\p{gc=Cn}",
  "\\p{Script=Kawi}",
  "\\p{Script_Extensions=Greek}",
  "\\p{Greek}",
  "\\p{Foo}",
  "\\p{sc}",
  "\\p{ASCII}",
  "[\\s-z]",
  "[a-\\d]",
  "[\\d-\\w]",
  "[\\p{Lu}-z]",
  "[^\\s-]",
  "[a-z-]",
  "a.b",
  "[^]",
  "[]",
  "(?<year>\\d{4})-(?<m>\\d\\d)",
  "x{1000}",
  "x{1001}",
  "(a{40}){40}",
  "a{40}b{40}",
  "(".repeat(1200) + "a" + ")".repeat(1200),
  "\\u{1F600}\\u00e9\\x41\\cJ\\0",
  "[\\b]",
  "\\/\\-",
  "^\ud800$",
];

/** Where the checker refuses what Go accepts (safe: the middleware only skips the check): none but these. */
const STRICTER: readonly string[] = ["(?P<n>a)(?P<n>b)"];

await testWith(
  ["go"],
  "goRegexpProblem agrees with Go 1.19's regexp.Compile; every ECMA translation compiles in Go",
  async () => {
    const translated = ECMA_PATTERNS.map((p) => ecmaToRe2(p)).flatMap((r) => r.ok ? [r.pattern] : []);
    const patterns = [...RE2_PATTERNS, ...STRICTER, ...translated];
    const verdicts = await goVerdicts(patterns.map((p) => ["regexp", p] as const));
    const disagree: string[] = [];
    patterns.forEach((p, i) => {
      const mine = goRegexpProblem(p) === undefined;
      const expected = STRICTER.includes(p) ? false : verdicts[i];
      if (mine !== expected) {
        disagree.push(`${JSON.stringify(p.slice(0, 60))}: go ${verdicts[i]}, checker ${mine}`);
      }
      if (i >= RE2_PATTERNS.length + STRICTER.length) {
        assert.ok(verdicts[i], `translation ${p} does not compile`);
      }
    });
    assert.deepEqual(disagree, []);
    // The corpus has both verdicts in number, and the translation skips what Go cannot run.
    assert.ok(verdicts.filter((v) => v).length > 30 && verdicts.filter((v) => !v).length > 30);
    assert.ok(translated.length >= 15 && translated.length < ECMA_PATTERNS.length, String(translated.length));
  },
);

await testWith(
  ["go"],
  "goName keeps only the letters and digits of Go 1.19's tables: the names compile in Go",
  async () => {
    const names = [
      "\ua794\u{1e100}", // Unicode 7 and 12: kept (upper case U+A7C4, Unicode 12)
      "X\u{1e290}y", // Toto, Unicode 14
      "X\u{11f04}z", // Kawi, Unicode 15
      "\u{1e030}a", // Cyrillic modifier letter, Unicode 15
      "\ua7c0b", // Latin, Unicode 14
      "\u{10570}\u{10597}", // Vithkuqi, Unicode 14
      "\u{1e4d0}x", // Nag Mundari, Unicode 15
      "\u{1e5d0}q", // Ol Onal, Unicode 16
      "\u{1ccf0}7", // outlined digit, Unicode 16
      "ǅx", // title case: not exported as is
      "\u0661\u0662", // Arabic-Indic digits
      "e\u0301t\u00e9", // a combining mark (not a letter)
      "élan_vital",
      "\u{1d7ce}\u{1d7cf}", // mathematical digits
    ];
    const made = names.map((n) => goName(n));
    assert.equal(made[0], "\ua7c4\u{1e100}");
    assert.equal(made[1], "XY");
    assert.equal(made[3], "A");
    const letters = [
      0x41,
      0xa794,
      0x1e100,
      0x1e290,
      0x11f04,
      0x1e030,
      0xa7c0,
      0x10570,
      0x1e4d0,
      0x1e5d0,
      0x5f,
    ];
    const verdicts = await goVerdicts([
      ...made.map((m) => ["ident", m] as const),
      ...letters.map((c) => ["letter", String.fromCodePoint(c)] as const),
    ]);
    made.forEach((m, i) => assert.ok(verdicts[i], `${JSON.stringify(names[i])} → ${JSON.stringify(m)}`));
    letters.forEach((c, i) => {
      assert.equal(isGoLetter(c), verdicts[made.length + i], `U+${c.toString(16)}`);
    });
  },
);

Deno.test("pathPatternProblem: only a path template of tens of millions of characters is too long for Go", () => {
  // (Go 1.19 itself: "^/" + 33,554,420 × "a" + "$" compiles, 33,554,440 do not; asking it takes 5 GB.)
  assert.equal(pathPatternProblem("/pets/{id}/" + "x".repeat(10_000)), undefined);
  assert.equal(pathPatternProblem("/" + "a".repeat(33_554_300) + "/{id}"), undefined);
  assert.match(pathPatternProblem("/" + "a".repeat(33_554_440)) ?? "", /more than 33554432 characters/);
});
