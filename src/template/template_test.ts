import assert from "node:assert/strict";
import { compileTemplate, MAX_OUTPUT, MAX_STEPS, sprintf, TemplateError, type TemplateFunc } from "./mod.ts";

const FIELDS = {
  Name: "string",
  Empty: "string",
  Tags: "strings",
  None: "strings",
  Index: "int",
  Zero: "int",
  IsShared: "bool",
} as const;

const DATA = {
  Name: "Pet",
  Empty: "",
  Tags: ["a", "b", "c", "d"],
  None: [],
  Index: 7,
  Zero: 0,
  IsShared: false,
};

const FUNCS: Record<string, TemplateFunc> = {
  upper: { params: ["string"], result: "string", call: ([s]) => (s as string).toUpperCase() },
  join: {
    params: ["strings", "string"],
    result: "string",
    call: ([t, sep]) => (t as string[]).join(sep as string),
  },
  fail: { params: [], result: "string", call: () => "called" },
};

function run(source: string, data: Record<string, unknown> = DATA): string {
  return compileTemplate(source, { fields: FIELDS, funcs: FUNCS, typeName: "Ctx" })
    .execute(data as Parameters<ReturnType<typeof compileTemplate>["execute"]>[0]);
}

function compileError(source: string): TemplateError {
  try {
    compileTemplate(source, { fields: FIELDS, funcs: FUNCS, typeName: "Ctx" });
  } catch (error) {
    assert.ok(error instanceof TemplateError, `expected TemplateError, got ${error}`);
    return error;
  }
  assert.fail(`template ${JSON.stringify(source)} compiled`);
}

function runError(source: string): TemplateError {
  const t = compileTemplate(source, { fields: FIELDS, funcs: FUNCS, typeName: "Ctx" });
  try {
    t.execute(DATA);
  } catch (error) {
    assert.ok(error instanceof TemplateError, `expected TemplateError, got ${error}`);
    return error;
  }
  assert.fail(`template ${JSON.stringify(source)} ran`);
}

Deno.test("template execution follows Go text/template", async (t) => {
  const cases: [string, string, string][] = [
    ["plain text", "hello", "hello"],
    ["field", "{{.Name}}", "Pet"],
    ["fields and text", "x{{.Name}}_{{.Index}}y", "xPet_7y"],
    ["bool field", "{{.IsShared}}", "false"],
    ["list field prints like fmt", "{{.Tags}}", "[a b c d]"],
    ["dot is the data's fields in order", "{{with .Tags}}{{.}}{{end}}", "[a b c d]"],
    ["trim markers", "a  {{- .Name -}}  \n b", "aPetb"],
    ["trim markers from the Go documentation", "{{23 -}} < {{- 45}}", "23<45"],
    ["minus without space is a number", "{{-3}}", "-3"],
    ["comment", "a{{/* note */}}b", "ab"],
    ["comment with trim markers", "a \n{{- /* note */ -}}\n b", "ab"],
    ["multi-line comment", "a{{/* one\ntwo */}}b", "ab"],
    ["newlines inside an action", '{{printf\n"%s"\n.Name}}', "Pet"],
    ["string escapes", '{{"a\\tb\\x41\\u00e9\\101\\"q\\""}}', 'a\tbAéA"q"'],
    ["raw string keeps backslashes", "{{`a\\n{{b}}`}}", "a\\n{{b}}"],
    ["character constant is its code point", "{{'a'}} {{'\\n'}}", "97 10"],
    ["integer forms", "{{0x1F}} {{0o17}} {{0b101}} {{017}} {{1_000}} {{+5}}", "31 15 5 15 1000 5"],
    ["float literal", "{{1.5}} {{.25}} {{1e3}}", "1.5 0.25 1000"],
    ["booleans", "{{true}} {{false}}", "true false"],
    ["pipeline passes the value as last argument", '{{"x" | printf "%s-%s" "a"}}', "a-x"],
    ["chained pipeline", '{{.Name | upper | printf "<%s>"}}', "<PET>"],
    ["parenthesised sub-pipeline", '{{printf "%s!" (upper .Name)}}', "PET!"],
    ["field of a parenthesised pipeline", "{{with $x := .}}{{($x).Name}}{{end}}", "Pet"],
    ["function with list argument", '{{join .Tags "+"}}', "a+b+c+d"],
    ["function named as an argument is called", '{{printf "%s" fail}}', "called"],
    ["if true", "{{if .Name}}yes{{end}}", "yes"],
    ["if false on empty string", "{{if .Empty}}yes{{else}}no{{end}}", "no"],
    ["if false on zero", "{{if .Zero}}yes{{else}}no{{end}}", "no"],
    ["if false on empty list", "{{if .None}}yes{{else}}no{{end}}", "no"],
    ["else if chain", "{{if .Empty}}1{{else if .Zero}}2{{else if .Index}}3{{else}}4{{end}}", "3"],
    ["else if falls to else", "{{if .Empty}}1{{else if .Zero}}2{{else}}4{{end}}", "4"],
    ["with sets dot", "{{with .Name}}<{{.}}>{{end}}", "<Pet>"],
    ["with else", "{{with .Empty}}x{{else}}none{{end}}", "none"],
    ["else with", "{{with .Empty}}x{{else with .Name}}{{.}}{{end}}", "Pet"],
    ["range over list", "{{range .Tags}}{{.}};{{end}}", "a;b;c;d;"],
    ["range with index and value", "{{range $i, $t := .Tags}}{{$i}}={{$t}} {{end}}", "0=a 1=b 2=c 3=d "],
    ["range with one variable gets elements", "{{range $t := .Tags}}{{$t}}{{end}}", "abcd"],
    ["range else on empty", "{{range .None}}x{{else}}none{{end}}", "none"],
    ["range over an integer", "{{range 3}}{{.}}{{end}}", "012"],
    [
      "range break and continue",
      "{{range $i, $t := .Tags}}{{if eq $i 1}}{{continue}}{{end}}{{if eq $i 3}}{{break}}{{end}}{{$t}}{{end}}",
      "ac",
    ],
    ["$ is the data inside range", "{{range .Tags}}{{$.Name}}{{end}}", "PetPetPetPet"],
    ["variable declaration prints nothing", "{{$x := .Name}}[{{$x}}]", "[Pet]"],
    ["variable assignment in range persists", '{{$x := "none"}}{{range .Tags}}{{$x = .}}{{end}}{{$x}}', "d"],
    ["variable in if pipeline", "{{if $n := .Name}}{{$n}}{{end}}", "Pet"],
    ["variable field access", "{{$d := .}}{{$d.Name}}", "Pet"],
    ["and returns the first false operand", "{{and .Name .Zero .Index}}", "0"],
    ["and returns the last operand when all are true", "{{and .Name .Index}}", "7"],
    ["or returns the first true operand", '{{or .Empty "fallback"}}', "fallback"],
    ["and short-circuits", "{{and .Empty (index .Tags 99)}}", ""],
    ["or short-circuits", "{{or .Name (index .Tags 99)}}", "Pet"],
    ["not", "{{not .Empty}} {{not .Name}}", "true false"],
    ["eq with several operands", '{{eq .Name "Dog" "Pet"}} {{eq .Name "Dog"}}', "true false"],
    ["ne", '{{ne .Name "Dog"}}', "true"],
    ["ordering", '{{lt 1 2}} {{le 2 2}} {{gt "b" "a"}} {{ge 1 2}}', "true true true false"],
    ["len counts bytes of strings like Go", '{{len .Tags}} {{len "é"}} {{len .Name}}', "4 2 3"],
    ["index of list and string", '{{index .Tags 1}} {{index "abc" 0}}', "b 97"],
    ["print puts spaces between non-string operands", '{{print 1 2 "a" "b" 3}}', "1 2ab3"],
    ["printf verbs", '{{printf "%d|%s|%v|%q|%t|%%" 7 "s" .Tags "q" true}}', '7|s|[a b c d]|"q"|true|%'],
    [
      "printf width and flags",
      '{{printf "[%5s][%-5s][%03d][%-4d]" "ab" "ab" 7 3}}',
      "[   ab][ab   ][007][3   ]",
    ],
  ];
  for (const [name, source, want] of cases) {
    await t.step(name, () => assert.equal(run(source), want));
  }
});

Deno.test("printf reports bad verbs, missing and extra arguments as Go does", async (t) => {
  const cases: [string, unknown[], string][] = [
    ["%d", ["x"], "%!d(string=x)"],
    ["%s", [5], "%!s(int=5)"],
    ["%s %s", ["a"], "a %!s(MISSING)"],
    ["%s", ["a", "b", 3], "a%!(EXTRA string=b, int=3)"],
    ["%d", [["a", "b"]], "[%!d(string=a) %!d(string=b)]"],
    ["%z", ["a"], "%!z(string=a)"],
    ["%q", ['a"b\n'], '"a\\"b\\n"'],
    ["100%", [], "100%!(NOVERB)"],
  ];
  for (const [format, args, want] of cases) {
    await t.step(format, () => assert.equal(sprintf(format, args as never), want));
  }
});

Deno.test("compile errors quote the template and point at the position", async (t) => {
  const cases: [string, string, RegExp, number, number][] = [
    ["unknown field", "{{.Nme}}", /can't evaluate field Nme in type Ctx \(fields: Name,/, 1, 3],
    ["field of a string", "{{.Name.Foo}}", /can't evaluate field Foo in type string/, 1, 8],
    [
      "field of a range element",
      "{{range .Tags}}{{.Foo}}{{end}}",
      /can't evaluate field Foo in type string/,
      1,
      18,
    ],
    ["unknown function", "{{.Name | shout}}", /function "shout" not defined \(available: .*upper/, 1, 11],
    ["unsupported Go built-in", "{{call .Name}}", /function "call" is not supported/, 1, 3],
    ["define is unsupported", '{{define "x"}}{{end}}', /\{\{define\}\} is not supported/, 1, 3],
    ["template is unsupported", '{{template "x"}}', /\{\{template\}\} is not supported/, 1, 3],
    ["unclosed action", "ab{{.Name", /unclosed action/, 1, 3],
    ["unclosed comment", "{{/* x }}", /unclosed comment/, 1, 1],
    [
      "comment not ending at the delimiter",
      "{{/* x */ .Name}}",
      /comment ends before closing delimiter/,
      1,
      10,
    ],
    ["unterminated string", '{{"abc}}', /unterminated quoted string/, 1, 3],
    ["unterminated raw string", "{{`abc}}", /unterminated raw quoted string/, 1, 3],
    ["bad number", "{{12ab}}", /bad number syntax: "12ab"/, 1, 3],
    ["bad character", "{{.Name ; .Name}}", /unrecognized character in action: ";"/, 1, 9],
    ["if without end", "{{if .Name}}x", /\{\{if\}\} has no \{\{end\}\}/, 1, 3],
    ["stray end", "x{{end}}", /unexpected \{\{end\}\}/, 1, 4],
    ["stray else", "{{else}}", /unexpected \{\{else\}\}/, 1, 3],
    ["empty action", "{{}}", /missing value for command/, 1, 3],
    ["empty if", "{{if}}{{end}}", /missing value for if/, 1, 5],
    ["missing command after pipe", "{{.Name |}}", /missing command after \|/, 1, 10],
    ["argument to a field", "{{.Name .Index}}", /can't give argument to non-function \.Name/, 1, 9],
    ["piping into a field", "{{.Name | .Empty}}", /can't give argument to non-function \.Empty/, 1, 11],
    ["piping into a literal", '{{.Name | "x"}}', /can't give argument to non-function "x"/, 1, 11],
    ["nil command", "{{nil}}", /nil is not a command/, 1, 3],
    ["undefined variable", "{{$x}}", /undefined variable "\$x"/, 1, 3],
    ["variable out of scope", "{{if .Name}}{{$y := 1}}{{end}}{{$y}}", /undefined variable "\$y"/, 1, 33],
    ["assignment to undeclared variable", "{{$z = 1}}", /undefined variable "\$z"/, 1, 3],
    ["break outside range", "{{break}}", /\{\{break\}\} outside \{\{range\}\}/, 1, 3],
    ["too few arguments", "{{upper}}", /wrong number of args for upper: want 1 got 0/, 1, 3],
    ["too many arguments", '{{upper "a" "b"}}', /wrong number of args for upper: want 1 got 2/, 1, 3],
    ["too many with piped value", '{{"a" | upper "b"}}', /want 1 got 2 \(including the piped value\)/, 1, 9],
    ["literal of the wrong type", "{{upper 3}}", /expected string; got int \(argument 1 of upper\)/, 1, 9],
    ["field of the wrong type", '{{join .Name "-"}}', /expected \[\]string; got string/, 1, 8],
    ["eq of incompatible types", "{{eq .Name 1}}", /incompatible types for comparison/, 1, 12],
    ["lt of a list", "{{lt .Tags 1}}", /non-comparable type \[\]string/, 1, 6],
    ["len of an int", "{{len 3}}", /len of type int/, 1, 7],
    ["range over a string", "{{range .Name}}{{end}}", /range can't iterate over string/, 1, 9],
    ["unclosed paren", "{{(.Name}}", /unclosed left paren/, 1, 9],
    ["position on a later line", "line one\n  {{.Bad}}", /can't evaluate field Bad/, 2, 5],
  ];
  for (const [name, source, pattern, line, column] of cases) {
    await t.step(name, () => {
      const error = compileError(source);
      assert.equal(error.code, "TEMPLATE_ERROR");
      assert.match(error.detail, pattern);
      assert.equal(error.line, line, `line of ${error.message}`);
      assert.equal(error.column, column, `column of ${error.message}`);
      assert.ok(error.message.includes(JSON.stringify(source)), error.message);
      assert.ok(error.message.includes(`line ${line}, column ${column}`), error.message);
    });
  }
});

Deno.test("the error snippet puts a caret under the position", () => {
  const error = compileError("a\n  {{.Bad}}");
  assert.equal(error.snippet, "  {{.Bad}}\n    ^");
});

Deno.test("execution errors are TemplateErrors at the failing position", async (t) => {
  const cases: [string, string, RegExp, number][] = [
    ["index out of range", "{{index .Tags 9}}", /index out of range: 9/, 15],
    ["index of a string out of range", "{{index .Name 3}}", /index out of range: 3/, 15],
    ["range over too many steps", "{{range 1000000}}{{end}}", new RegExp(`exceeded ${MAX_STEPS} steps`), 9],
    [
      "output too long",
      "{{range 5000}}xxxxxxxx{{end}}",
      new RegExp(`longer than ${MAX_OUTPUT} characters`),
      1,
    ],
  ];
  for (const [name, source, pattern, column] of cases) {
    await t.step(name, () => {
      const error = runError(source);
      assert.match(error.detail, pattern);
      assert.equal(error.column, column);
    });
  }
});

Deno.test("functions named like built-ins are refused", () => {
  assert.throws(() => compileTemplate("x", { fields: {}, funcs: { eq: FUNCS.upper } }), TypeError);
});

Deno.test("fields are read only from the data object, never from its prototype", () => {
  const t = compileTemplate("{{.Name}}", { fields: { Name: "string" } });
  assert.equal(t.execute(Object.create({ Name: "inherited" })), "<nil>");
  assert.throws(() => compileTemplate("{{.constructor}}", { fields: { Name: "string" } }), TemplateError);
});
