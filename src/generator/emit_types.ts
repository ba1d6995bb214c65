/**
 * The types.go emitter: one unit per declaration of the {@link TypeModel} — structs with json and validate
 * tags, string enums with constants and `Valid()`, unions with `MarshalJSON`/`UnmarshalJSON` and accessors,
 * structs with an extra map for additional properties, defined types and aliases.
 *
 * @module
 */
import { formatPath } from "../core/pointer.ts";
import { docLines, goString } from "./go_writer.ts";
import { goName, NameRegistry } from "./naming.ts";
import type { GoDecl, GoField } from "./go_decls.ts";
import { goPointer, goStringMap, type GoType, goTypeText } from "./go_type.ts";
import { importsOfType, type Unit, unit, writeDocLines } from "./unit.ts";
import { tagValue } from "./extensions.ts";

/**
 * The unit of one declaration; `group` decides its file when types are split. The package-level names it adds
 * (enum constants, union constructors) are taken from `names`, the package-wide registry.
 */
export function emitDecl(decl: GoDecl, group: string, names: NameRegistry = new NameRegistry()): Unit {
  const u = unit(group);
  const w = u.w;
  const doc = docLines(decl.doc);
  const fallback = `${decl.name} is generated from the OpenAPI schema at ${pathLabel(decl.at)}.`;
  if (doc.length === 0 && decl.deprecatedReason !== undefined) {
    // deno-lint-ignore no-control-regex
    doc.push(fallback.replace(/[\x00-\x1f\x7f\u2028\u2029]/g, " "));
  }
  writeDocLines(
    w,
    doc,
    deprecation(doc, decl.deprecated, decl.deprecatedReason),
    doc.length === 0 ? fallback : "",
  );
  switch (decl.kind) {
    case "defined":
      importsOfType(u, decl.type);
      w.line(`type ${decl.name} ${decl.alias ? "= " : ""}${goTypeText(decl.type)}`);
      break;
    case "enum":
      emitEnum(u, decl.name, decl.values, names, decl.varNames);
      break;
    case "struct":
      emitStruct(u, decl.name, decl.fields, decl.extra);
      break;
    case "union":
      emitUnion(u, decl, names);
  }
  return u;
}

function pathLabel(at: readonly (string | number)[]): string {
  return at.length === 0 ? "the root of a referenced file" : formatPath(at);
}

/**
 * Adds `x-deprecated-reason`'s Deprecated paragraph to `doc` when there is one (and the value is deprecated);
 * returns whether the standard paragraph is still to be written.
 */
function deprecation(doc: string[], deprecated: boolean, reason: string | undefined): boolean {
  if (!deprecated || reason === undefined) return deprecated;
  const lines = docLines(reason);
  if (doc.length > 0) doc.push("");
  doc.push(`Deprecated: ${lines[0]}`, ...lines.slice(1));
  return false;
}

function emitEnum(
  u: Unit,
  name: string,
  values: readonly string[],
  names: NameRegistry,
  varNames: ReadonlyMap<unknown, string> | undefined,
): void {
  const w = u.w;
  w.line(`type ${name} string`);
  w.line();
  w.comment([`Values of ${name}.`]);
  w.open("const (");
  const consts: string[] = [];
  for (const v of values) {
    const c = names.take(name + (varNames?.get(v) ?? goName(v, "Empty")));
    consts.push(c);
    w.row([c, `${name} = ${goString(v)}`]);
  }
  w.close(")");
  w.line();
  w.comment([`Valid reports whether the value is one of the values the document lists.`]);
  w.open(`func (e ${name}) Valid() bool {`);
  w.line("switch e {");
  w.line(`case ${consts.join(", ")}:`);
  w.line("\treturn true");
  w.line("}");
  w.line("return false");
  w.close();
}

/**
 * The struct tag of a field: json (`-` with `x-go-json-ignore`; `omitempty` on optional fields, or as
 * `x-omitempty` says), validate, and the `x-oapi-codegen-extra-tags` (which replace ours of the same key; with
 * them all keys are sorted, as oapi-codegen writes them).
 */
export function fieldTag(f: GoField): string {
  const omit = f.omitempty ?? !f.required;
  const tags = new Map<string, string>([[
    "json",
    f.jsonIgnore === true ? "-" : f.json + (omit ? ",omitempty" : ""),
  ]]);
  if (f.validate !== "") tags.set("validate", f.validate);
  let keys = [...tags.keys()];
  if (f.extraTags !== undefined) {
    for (const [k, v] of f.extraTags) tags.set(k, v);
    keys = [...tags.keys()].sort();
  }
  return "`" + keys.map((k) => `${k}:${tagValue(tags.get(k)!)}`).join(" ") + "`";
}

function emitStruct(u: Unit, name: string, fields: readonly GoField[], extra: GoType | undefined): void {
  const w = u.w;
  w.open(`type ${name} struct {`);
  for (const f of fields) {
    importsOfType(u, f.type);
    if (f.doc !== "" || f.deprecated || f.nullable) {
      const doc = docLines(f.doc);
      writeDocLines(w, doc, deprecation(doc, f.deprecated, f.deprecatedReason), "");
      if (f.threeState) w.comment(["May be null; absent, null and a value are told apart (see Nullable)."]);
      else if (f.nullable) w.comment(["May be null."]);
    }
    w.row([f.name, goTypeText(f.type), fieldTag(f)]);
  }
  if (extra !== undefined) {
    importsOfType(u, extra);
    w.comment(["AdditionalProperties holds the properties not declared in the schema."]);
    w.row(["AdditionalProperties", goTypeText(goStringMap(extra)), '`json:"-"`']);
  }
  w.close();
  if (extra === undefined || fields.length === 0) return;
  u.imports.add("encoding/json");
  w.line();
  w.comment(["MarshalJSON writes the declared properties and the additional ones."]);
  w.open(`func (s ${name}) MarshalJSON() ([]byte, error) {`);
  w.line(`type plain ${name}`);
  w.line("data, err := json.Marshal(plain(s))");
  w.open("if err != nil || len(s.AdditionalProperties) == 0 {");
  w.line("return data, err");
  w.close();
  w.line("extra, err := json.Marshal(s.AdditionalProperties)");
  w.open("if err != nil {");
  w.line("return nil, err");
  w.close();
  w.open("if len(data) == 2 {");
  w.line("return extra, nil");
  w.close();
  w.line("return append(append(data[:len(data)-1], ','), extra[1:]...), nil");
  w.close();
  w.line();
  w.comment(["UnmarshalJSON reads the declared properties and keeps the others in AdditionalProperties."]);
  w.open(`func (s *${name}) UnmarshalJSON(data []byte) error {`);
  w.line(`type plain ${name}`);
  w.line("var p plain");
  w.open("if err := json.Unmarshal(data, &p); err != nil {");
  w.line("return err");
  w.close();
  w.line("var all map[string]json.RawMessage");
  w.open("if err := json.Unmarshal(data, &all); err != nil {");
  w.line("return err");
  w.close();
  w.open(`for _, known := range []string{${fields.map((f) => goString(f.json)).join(", ")}} {`);
  w.line("delete(all, known)");
  w.close();
  w.open("if len(all) > 0 {");
  w.line(`p.AdditionalProperties = make(${goTypeText(goStringMap(extra))}, len(all))`);
  w.close();
  w.open("for key, raw := range all {");
  w.line(`var v ${goTypeText(extra)}`);
  w.open("if err := json.Unmarshal(raw, &v); err != nil {");
  w.line("return err");
  w.close();
  w.line("p.AdditionalProperties[key] = v");
  w.close();
  w.line(`*s = ${name}(p)`);
  w.line("return nil");
  w.close();
}

function emitUnion(u: Unit, decl: Extract<GoDecl, { kind: "union" }>, names: NameRegistry): void {
  const w = u.w;
  const name = decl.name;
  u.imports.add("encoding/json");
  u.imports.add("fmt");
  w.open(`type ${name} struct {`);
  for (const a of decl.alternatives) {
    importsOfType(u, a.type);
    w.row([a.name, goTypeText(goPointer(a.type))]);
  }
  w.close();
  for (const a of decl.alternatives) {
    const from = names.take(`${name}From${a.name}`);
    w.line();
    w.comment([`${from} returns a ${name} holding v.`]);
    w.open(`func ${from}(v ${goTypeText(a.type)}) ${name} {`);
    w.line(`return ${name}{${a.name}: &v}`);
    w.close();
    w.line();
    w.comment([`As${a.name} returns the ${a.name} alternative and whether the value holds it.`]);
    w.open(`func (u ${name}) As${a.name}() (${goTypeText(a.type)}, bool) {`);
    w.open(`if u.${a.name} == nil {`);
    w.line(`var zero ${goTypeText(a.type)}`);
    w.line("return zero, false");
    w.close();
    w.line(`return *u.${a.name}, true`);
    w.close();
  }
  w.line();
  w.comment(["MarshalJSON writes the alternative the value holds (null when it holds none)."]);
  w.open(`func (u ${name}) MarshalJSON() ([]byte, error) {`);
  for (const a of decl.alternatives) {
    w.open(`if u.${a.name} != nil {`);
    w.line(`return json.Marshal(u.${a.name})`);
    w.close();
  }
  w.line(`return []byte("null"), nil`);
  w.close();
  w.line();
  const tagged = decl.alternatives.filter((a) => a.tags.length > 0);
  const untagged = decl.alternatives.filter((a) => a.tags.length === 0);
  if (decl.discriminator !== undefined && tagged.length > 0) {
    w.comment([
      `UnmarshalJSON reads the alternative that the ${goString(decl.discriminator)} property names.`,
    ]);
  } else w.comment(["UnmarshalJSON reads the first alternative that the value matches, tried in order."]);
  w.open(`func (u *${name}) UnmarshalJSON(data []byte) error {`);
  w.line(`*u = ${name}{}`);
  w.open(`if string(data) == "null" {`);
  w.line("return nil");
  w.close();
  if (decl.discriminator !== undefined && tagged.length > 0) {
    w.line(`var probe struct {`);
    w.line(`\tTag string \`json:${goString(decl.discriminator)}\``);
    w.line("}");
    w.open("if err := json.Unmarshal(data, &probe); err != nil {");
    w.line("return err");
    w.close();
    w.line("switch probe.Tag {");
    for (const a of tagged) {
      w.line(`case ${a.tags.map(goString).join(", ")}:`);
      w.line(`\tu.${a.name} = new(${goTypeText(a.type)})`);
      w.line(`\treturn json.Unmarshal(data, u.${a.name})`);
    }
    w.line("}");
    if (untagged.length === 0) {
      w.line(
        `return fmt.Errorf("${name}: unknown ${decl.discriminator.replace(/[\\"%]/g, "")} %q", probe.Tag)`,
      );
      w.close();
      return;
    }
  }
  const tryList = decl.discriminator !== undefined && tagged.length > 0 ? untagged : decl.alternatives;
  for (const strict of [true, false]) {
    for (const a of tryList) {
      w.open(
        `if v := new(${goTypeText(a.type)}); ${strict ? "decodeStrict" : "json.Unmarshal"}(data, v) == nil {`,
      );
      w.line(`u.${a.name} = v`);
      w.line("return nil");
      w.close();
    }
  }
  w.line(`return fmt.Errorf("${name}: the value matches none of the alternatives")`);
  w.close();
}

/** The helper shared by unions: decoding that rejects unknown fields. */
export function emitTypeHelpers(): Unit {
  const u = unit("", 0);
  u.imports.add("bytes");
  u.imports.add("encoding/json");
  const w = u.w;
  w.comment([
    "decodeStrict decodes data into v, refusing unknown fields (to tell union alternatives apart).",
  ]);
  w.open("func decodeStrict(data []byte, v interface{}) error {");
  w.line("dec := json.NewDecoder(bytes.NewReader(data))");
  w.line("dec.DisallowUnknownFields()");
  w.line("return dec.Decode(v)");
  w.close();
  return u;
}
