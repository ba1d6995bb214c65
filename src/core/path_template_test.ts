import { assertEquals } from "./_assert_test.ts";
import {
  parseTemplate,
  templateExpressions,
  templateParams,
  type TemplatePart,
  templateShape,
} from "./path_template.ts";

Deno.test("parseTemplate: text, expressions and stray braces, in order", () => {
  assertEquals(parseTemplate("/users/{id}/posts/{postId}"), [
    { kind: "text", text: "/users/", start: 0 },
    { kind: "expression", name: "id", start: 7, end: 11 },
    { kind: "text", text: "/posts/", start: 11 },
    { kind: "expression", name: "postId", start: 18, end: 26 },
  ]);
  assertEquals(parseTemplate("/a/{b{c}}{}"), [
    { kind: "text", text: "/a/", start: 0 },
    { kind: "brace", brace: "{", start: 3 },
    { kind: "text", text: "b", start: 4 },
    { kind: "expression", name: "c", start: 5, end: 8 },
    { kind: "brace", brace: "}", start: 8 },
    { kind: "expression", name: "", start: 9, end: 11 },
  ]);
  assertEquals(parseTemplate(""), []);
  assertEquals(parseTemplate("/plain"), [{ kind: "text", text: "/plain", start: 0 }]);
  assertEquals(parseTemplate("{"), [{ kind: "brace", brace: "{", start: 0 }]);
});

Deno.test("templateParams, templateExpressions and templateShape", () => {
  assertEquals(templateParams("/users/{id}/{id}/{}"), ["id", "id", ""]);
  assertEquals(templateParams("https://{host}:{port}/v1"), ["host", "port"]);
  assertEquals(templateParams("/no/params}"), []);
  assertEquals(templateExpressions("/{a}").map((e) => [e.start, e.end]), [[1, 4]]);
  assertEquals(templateShape("/users/{id}/posts/{postId}"), "/users/{}/posts/{}");
  assertEquals(templateShape("/a/{b{c}}"), "/a/{b{}}");
  assertEquals(templateShape("/plain}"), "/plain}");
});

function join(parts: readonly TemplatePart[]): string {
  return parts.map((p) => p.kind === "text" ? p.text : p.kind === "brace" ? p.brace : `{${p.name}}`).join("");
}

Deno.test("the scanner reads templates as /\\{([^{}]*)\\}|[{}]/g does, and the parts join back to the template", () => {
  // Every string of up to 7 characters over an alphabet of braces, a slash and a letter.
  const alphabet = ["{", "}", "/", "a"];
  const strings: string[] = [""];
  for (let n = 0, from = 0; n < 7; n++) {
    const to = strings.length;
    for (let i = from; i < to; i++) for (const c of alphabet) strings.push(strings[i] + c);
    from = to;
  }
  for (const s of strings) {
    const parts = parseTemplate(s);
    assertEquals(join(parts), s);
    const byRegExp = [...s.matchAll(/\{([^{}]*)\}|[{}]/g)].map((m) => [m.index, m[1] ?? m[0]]);
    const byScanner = parts.filter((p) => p.kind !== "text").map((
      p,
    ) => [p.start, p.kind === "expression" ? p.name : (p as { brace: string }).brace]);
    // A stray brace is reported as itself, an expression by its name: they differ since names hold no brace.
    assertEquals(byScanner, byRegExp, s);
    assertEquals(templateShape(s), s.replace(/\{[^{}]*\}/g, "{}"), s);
    for (let i = 1; i < parts.length; i++) {
      if (parts[i].kind === "text") assertEquals(parts[i - 1].kind === "text", false, s);
    }
  }
});

Deno.test("a long template with many unclosed braces is read in one pass", () => {
  const hostile = "{a".repeat(200_000) + "}".repeat(200_000);
  const parts = parseTemplate(hostile);
  assertEquals(parts.length, 199_999 * 3 + 1);
  assertEquals(templateParams(hostile), ["a"]);
});
