import assert from "node:assert/strict";
import { align, CELL, docLines, goString, GoWriter } from "./go_writer.ts";

Deno.test("align: columns as gofmt's tabwriter: blocks end at lines without the column and at comments", () => {
  const lines = [
    "\t// a",
    `\tA${CELL}int${CELL}\`json:"a"\``,
    `\tBbbb${CELL}string${CELL}\`json:"bbbb"\``,
    `\tC${CELL}map[string]interface{}${CELL}\`json:"c"\``,
    "",
    `\tD${CELL}int${CELL}\`json:"d"\``,
    `\tEeeeeee${CELL}[]*T`,
  ];
  assert.deepEqual(align(lines), [
    "\t// a",
    '\tA    int                    `json:"a"`',
    '\tBbbb string                 `json:"bbbb"`',
    '\tC    map[string]interface{} `json:"c"`',
    "",
    '\tD       int `json:"d"`',
    "\tEeeeeee []*T",
  ]);
  assert.deepEqual(align([`\tÄé${CELL}int`, `\tB${CELL}int`]), ["\tÄé int", "\tB  int"]);
});

Deno.test("GoWriter: indentation by blocks, one final newline", () => {
  const w = new GoWriter().open("func f() {").line("return").close();
  assert.equal(w.toString(), "func f() {\n\treturn\n}\n");
});

Deno.test("goString escapes quotes, backslashes and control characters", () => {
  assert.equal(goString('a"b\\c\n\x01\u2028'), '"a\\"b\\\\c\\n\\x01\\u2028"');
});

Deno.test("docLines: paragraphs wrapped; nothing gofmt's doc-comment reformatting would change", () => {
  assert.deepEqual(docLines("One\ntwo\n\n- item\n# Heading\n  indented\n[x]: http://a"), [
    "One two",
    "",
    "(-) item Heading indented [x]: http://a",
  ]);
  assert.deepEqual(docLines("[x]: http://a"), ["[x] - http://a"]);
  const long = docLines("word ".repeat(40), 20);
  assert.ok(long.every((l) => l.length <= 20));
  assert.deepEqual(docLines("a ".repeat(9) + "- b", 18), ["a a a a a a a a a -", "b"]); // never a line starting "- "
  assert.deepEqual(docLines("\u001b[31mred\r\nline"), ["[31mred line"]);
});

Deno.test("GoWriter.row: the same text as a line of cells, in the same blocks", () => {
  const rows = [["A", "int", '`json:"a"`'], ["Bbbb", "[]Ä", '`json:"bbbb"`'], ["C", "x"]];
  const byRow = new GoWriter().open("type T struct {");
  const byLine = new GoWriter().open("type T struct {");
  for (const r of rows) {
    byRow.row(r);
    byLine.line(r.join(CELL));
  }
  byRow.comment(["doc"]).row(["D", "int"]).line(`Eeee${CELL}int`).close();
  byLine.comment(["doc"]).line(`D${CELL}int`).line(`Eeee${CELL}int`).close();
  assert.equal(byRow.toString(), byLine.toString());
  assert.equal(byRow.length, byLine.length);
  // Column widths in runes; the type column only over the lines that have a cell after it.
  assert.ok(byRow.toString().includes('\tA    int `json:"a"`\n\tBbbb []Ä `json:"bbbb"`\n\tC    x\n'));
});
