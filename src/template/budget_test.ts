import assert from "node:assert/strict";
import {
  compileTemplate,
  MAX_OUTPUT,
  RENAME_FUNCS,
  sprintf,
  TemplateError,
  type TemplateFunc,
  TemplateLimitError,
} from "./mod.ts";

const FIELDS = { Name: "string", Tags: "strings" } as const;

function runError(source: string, data: Record<string, unknown>, funcs = RENAME_FUNCS): TemplateError {
  const t = compileTemplate(source, { fields: FIELDS, funcs });
  try {
    t.execute(data as never);
  } catch (error) {
    assert.ok(error instanceof TemplateError, `expected TemplateError, got ${error}`);
    return error;
  }
  assert.fail(`template ${JSON.stringify(source)} ran`);
}

Deno.test("printf refuses widths and precisions of more than seven digits as Go's fmt does", () => {
  assert.equal(sprintf("%1000000000s", ["a"]), "%!(NOVERB)%!(EXTRA string=a)");
  assert.equal(sprintf("[%.1000000000s]", ["a"]), "[%!(NOVERB)%!(EXTRA string=a)");
});

Deno.test("printf applies a precision as Go does", () => {
  assert.equal(
    sprintf("%.2s|%.3d|%.0d|%5.1q|%.2v|%-6.4d|", ["xyz", 7, 0, "ab", "xyz", -3]),
    'xy|007||  "a"|xy|-0003 |',
  );
  assert.equal(sprintf("%.s|%05.2d", ["xyz", 4]), "|   04");
});

Deno.test("printf widths and precisions over the output limit fail before the text is built", () => {
  assert.throws(
    () => sprintf("%9999999s", ["a"]),
    (e: unknown) =>
      e instanceof TemplateLimitError &&
      e.message ===
        `printf width 9999999 is more than ${MAX_OUTPUT} characters, the output limit of a template`,
  );
  assert.throws(() => sprintf("%.9999999d", [1]), /printf precision 9999999 is more than 10000 characters/);
  assert.equal(sprintf("%20s", ["a"], { maxLength: 20 }), " ".repeat(19) + "a");
  assert.throws(() => sprintf("%21s", ["a"], { maxLength: 20 }), TemplateLimitError);
});

Deno.test("a printf width in a template fails at the call, naming the limit", () => {
  const error = runError('{{.Name}}{{printf "%5000000s" .Name}}', { Name: "Pet", Tags: [] });
  assert.equal(error.column, 12);
  assert.equal(
    error.detail,
    `printf width 5000000 is more than ${MAX_OUTPUT} characters, the output limit of a template`,
  );
});

Deno.test("strings that double in a loop stop at the output limit, even when never printed", async (t) => {
  const cases: [string, string, RegExp][] = [
    [
      "printf",
      '{{$x := .Name}}{{range 40}}{{$x = printf "%s%s" $x $x}}{{end}}',
      /^printf result longer than 10000/,
    ],
    ["print", "{{$x := .Name}}{{range 40}}{{$x = print $x $x}}{{end}}", /^print result longer than 10000/],
    [
      "joinTags",
      '{{$x := "ab"}}{{range 40}}{{$x = joinTags $.Tags $x}}{{end}}',
      /^joinTags result longer than 10000/,
    ],
  ];
  for (const [name, source, pattern] of cases) {
    await t.step(name, () => {
      const error = runError(source, { Name: "Pet", Tags: ["a", "b", "c"] });
      assert.match(error.detail, pattern);
      assert.match(error.message, /the output limit of a template; fix the template and try again\.$/);
    });
  }
});

Deno.test("a joinTags of a long list is refused before it is joined", () => {
  const tags = Array.from({ length: 5000 }, (_, i) => `tag${i}`);
  const error = runError('{{joinTags .Tags ", "}}', { Name: "", Tags: tags });
  assert.equal(
    error.detail,
    `joinTags result longer than ${MAX_OUTPUT} characters, the output limit of a template`,
  );
});

Deno.test("a function result over the output limit fails at the call", () => {
  const funcs: Record<string, TemplateFunc> = {
    big: { params: [], result: "string", call: () => "x".repeat(MAX_OUTPUT + 1) },
  };
  const error = runError("ab{{big}}", { Name: "", Tags: [] }, funcs);
  assert.equal(error.column, 5);
  assert.equal(
    error.detail,
    `big result longer than ${MAX_OUTPUT} characters, the output limit of a template`,
  );
});
