/**
 * oapi-codegen's extensions, read and checked in one place: `x-go-type` (+ `x-go-type-import`), `x-go-name`,
 * `x-go-type-skip-optional-pointer`, `x-omitempty`, `x-go-json-ignore`, `x-oapi-codegen-extra-tags`,
 * `x-enum-varnames` / `x-enumNames`, `x-order` and `x-deprecated-reason` (docs/guides/go-extensions.md). A value
 * that would make code that does not compile, or put code into the output, is refused: the reader reports it
 * (at the extension's JSON pointer) and the extension is left out.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { declaredNames, GO_KEYWORDS, isGoIdentifier, isGoPackageName, type NameRegistry } from "./naming.ts";
import * as runtimes from "./go_runtime.ts";
import { GO_ANY, goNamed, goPointer, goSlice, type GoType } from "./go_type.ts";
import type { GoField } from "./go_decls.ts";

/** The extension that keeps an optional field or parameter from being a pointer. */
export const SKIP_POINTER = "x-go-type-skip-optional-pointer";

/** Reports a refused extension value at `at` (the extension's place). */
export type ExtReport = (at: (string | number)[], message: string) => void;

/**
 * The packages the generated code imports (runtime files and emitters): local name → import path. A package an
 * `x-go-type-import` brings under one of these names with another path is renamed.
 */
export const GENERATED_IMPORTS: ReadonlyMap<string, string> = new Map(
  [
    "bytes",
    "context",
    "crypto/rand",
    "crypto/sha256",
    "encoding/base64",
    "encoding/json",
    "errors",
    "fmt",
    "io",
    "math",
    "mime",
    "mime/multipart",
    "net",
    "net/http",
    "net/mail",
    "net/url",
    "reflect",
    "regexp",
    "sort",
    "strconv",
    "strings",
    "sync",
    "testing",
    "time",
    "unicode/utf8",
  ].map((p) => [lastElement(p), p] as [string, string]).concat([["chi", "github.com/go-chi/chi/v5"]]),
);

/**
 * The package-level names of the generated code's runtime that an import name could take (lower-case ones:
 * `route`); the generated code's other lower-case names all have a capital letter, which import names do not.
 */
const RUNTIME_LOWER: ReadonlySet<string> = new Set(
  Object.values(runtimes).flatMap((r) =>
    typeof r === "object" && r !== null && "code" in r ? declaredNames(r.code).filter(isGoPackageName) : []
  ),
);

/** Whether `name` can name an imported package here: lower-case letters, digits and `_`, not `init`. */
export function isImportName(name: string): boolean {
  return isGoPackageName(name) && name !== "init" && !RUNTIME_LOWER.has(name);
}

function lastElement(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** A string extension; anything else is refused. */
function stringExt(obj: Record<string, unknown>, key: string, at: (string | number)[], report: ExtReport) {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v === "string") return v;
  report([...at, key], `${key} must be a string; it is ignored.`);
  return undefined;
}

/** A boolean extension; anything else is refused. */
export function boolExt(
  obj: Record<string, unknown>,
  key: string,
  at: (string | number)[],
  report: ExtReport,
): boolean | undefined {
  const v = obj[key];
  if (v === undefined || typeof v === "boolean") return v;
  report([...at, key], `${key} must be true or false; it is ignored.`);
  return undefined;
}

/** `x-go-name`: an exported Go identifier, or undefined (refused values reported). */
export function goNameExt(
  obj: unknown,
  at: (string | number)[],
  report: ExtReport,
): string | undefined {
  if (!isObject(obj)) return undefined;
  const v = stringExt(obj, "x-go-name", at, report);
  if (v === undefined) return undefined;
  if (isGoIdentifier(v, true)) return v;
  report(
    [...at, "x-go-name"],
    `x-go-name ${
      JSON.stringify(v)
    } is not an exported Go identifier (an upper-case letter, then letters, digits ` +
      `or _); the generated name is kept.`,
  );
  return undefined;
}

/** `x-order`: a whole number from 1. */
export function orderExt(obj: Record<string, unknown>, at: (string | number)[], report: ExtReport) {
  const v = obj["x-order"];
  if (v === undefined) return undefined;
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 1) return v;
  report([...at, "x-order"], `x-order must be a whole number from 1; it is ignored.`);
  return undefined;
}

/** `x-deprecated-reason` (used only beside `deprecated: true`, as oapi-codegen does). */
export function deprecatedReasonExt(
  obj: Record<string, unknown>,
  at: (string | number)[],
  report: ExtReport,
) {
  const v = stringExt(obj, "x-deprecated-reason", at, report);
  return obj.deprecated === true && v !== undefined && v.trim() !== "" ? v : undefined;
}

/** Whether a struct tag key is one Go's `reflect.StructTag` reads: printable ASCII, no space, quote or colon. */
function isTagKey(key: string): boolean {
  return /^[!#-9;-~]+$/.test(key) && !key.includes("`") && key.length <= 100;
}

/**
 * `x-oapi-codegen-extra-tags`: key → value, sorted by key. Values are written as Go quoted strings (`"` and `\`
 * escaped); a key or value that no struct tag can hold (a back quote, a control character, a space or colon in
 * a key) is refused.
 */
export function extraTagsExt(
  obj: Record<string, unknown>,
  at: (string | number)[],
  report: ExtReport,
): [string, string][] | undefined {
  const key = "x-oapi-codegen-extra-tags";
  const v = obj[key];
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    report([...at, key], `${key} must be an object of tag names and string values; it is ignored.`);
    return undefined;
  }
  const out: [string, string][] = [];
  for (const [k, value] of Object.entries(v)) {
    if (!isTagKey(k)) {
      report(
        [...at, key, k],
        `the struct tag name ${JSON.stringify(k)} is not one Go can read; it is left out.`,
      );
      continue;
    }
    const text = typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : undefined;
    // deno-lint-ignore no-control-regex
    if (text === undefined || /[\x00-\x1f\x7f`\u2028\u2029]/.test(text) || text.length > 1000) {
      report(
        [...at, key, k],
        `the value of struct tag "${k}" must be a string without back quotes or control characters; it is left out.`,
      );
      continue;
    }
    out.push([k, text]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** A struct tag value as Go writes it inside the tag: `"` and `\` escaped. */
export function tagValue(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => "\\" + c)}"`;
}

/**
 * `x-enum-varnames` (or `x-enumNames`): per value of `enumValues`, the constant's name after the type's name;
 * undefined where none is given or the given one is refused.
 */
export function enumVarNamesExt(
  obj: Record<string, unknown>,
  at: (string | number)[],
  report: ExtReport,
): Map<unknown, string> | undefined {
  const key = obj["x-enum-varnames"] !== undefined ? "x-enum-varnames" : "x-enumNames";
  const v = obj[key];
  if (v === undefined) return undefined;
  const values = Array.isArray(obj.enum) ? obj.enum : [];
  if (!Array.isArray(v)) {
    report([...at, key], `${key} must be a list of names; it is ignored.`);
    return undefined;
  }
  const out = new Map<unknown, string>();
  for (let i = 0; i < v.length && i < values.length; i++) {
    const name = v[i];
    if (typeof name !== "string" || !isGoIdentifier(name)) {
      report([...at, key, i], `${key}[${i}] is not a Go identifier; the generated constant name is kept.`);
      continue;
    }
    if (!out.has(values[i])) out.set(values[i], name);
  }
  if (v.length > values.length) {
    report([...at, key], `${key} has more names (${v.length}) than the enum has values (${values.length}).`);
  }
  return out;
}

/**
 * The extensions of a property (`own`, as written) that shape its field; `x-go-type-skip-optional-pointer` is
 * also read from the schema it refers to (`target`), as oapi-codegen does.
 */
export function fieldExtensions(
  own: Record<string, unknown>,
  target: Record<string, unknown>,
  at: (string | number)[],
  report: ExtReport,
): { field: Partial<GoField>; skipPointer: boolean } {
  const field: Partial<GoField> = {};
  const omitempty = boolExt(own, "x-omitempty", at, report);
  if (omitempty !== undefined) field.omitempty = omitempty;
  if (boolExt(own, "x-go-json-ignore", at, report) === true) field.jsonIgnore = true;
  const tags = extraTagsExt(own, at, report);
  if (tags !== undefined && tags.length > 0) field.extraTags = tags;
  const reason = deprecatedReasonExt(own, at, report);
  if (reason !== undefined) field.deprecatedReason = reason;
  const skip = boolExt(own, SKIP_POINTER, at, report) ??
    (typeof target[SKIP_POINTER] === "boolean" ? target[SKIP_POINTER] : undefined);
  return { field, skipPointer: skip === true };
}

/** A parsed `x-go-type` before its packages are known: qualifier → the named types that use it. */
interface TypeToken {
  kind: "id" | "punct";
  text: string;
}

const MAX_TYPE_TEXT = 300;
const MAX_TYPE_DEPTH = 32;

/**
 * The import names of the foreign packages `x-go-type-import` brings in, chosen once for the whole package: the
 * name asked for, unless the generated code's own imports, another package or a package-level name has it;
 * then the lowest free `name2`, `name3`, … (written as an explicit import name, and in the type's text).
 */
export class GoImports {
  readonly #names: NameRegistry;
  /** `name path` → local name. */
  readonly #chosen = new Map<string, string>();
  /** Local names taken by foreign packages → their path. */
  readonly #taken = new Map<string, string>();

  /** Import names checked against (and reserved in) `names`, the package-wide registry. */
  constructor(names: NameRegistry) {
    this.#names = names;
  }

  /** The import entry (`path`, or `name path`) and local name for package `path` asked for as `wanted`. */
  local(path: string, wanted: string): { local: string; entry: string } {
    const key = `${wanted} ${path}`;
    let local = this.#chosen.get(key);
    if (local === undefined) {
      local = wanted;
      for (let n = 2; !this.#free(local, path); n++) local = `${wanted}${n}`;
      this.#chosen.set(key, local);
      if (GENERATED_IMPORTS.get(local) !== path) {
        this.#taken.set(local, path);
        this.#names.take(local);
      }
    }
    const plain = GENERATED_IMPORTS.get(local) === path ||
      (local === lastElement(path) && !path.includes("."));
    return { local, entry: plain ? path : `${local} ${path}` };
  }

  #free(local: string, path: string): boolean {
    const std = GENERATED_IMPORTS.get(local);
    if (std !== undefined) return std === path;
    const other = this.#taken.get(local);
    if (other !== undefined) return other === path;
    return !this.#names.has(local);
  }
}

/** Whether `path` is an import path Go accepts and that can be written between quotes as it is. */
export function isImportPath(path: string): boolean {
  if (path === "" || path.length > 500 || path.startsWith("/") || path.endsWith("/")) return false;
  if (!/^[A-Za-z0-9._~+\-/]+$/.test(path)) return false;
  return path.split("/").every((e) => e !== "" && e !== "." && e !== ".." && !e.startsWith("."));
}

/**
 * `x-go-type` (+ `x-go-type-import`) of a schema: the Go type to use instead of generating one, or undefined when
 * there is none or it is refused. The type is read, not copied: pointers, slices, maps, `interface{}`, named types
 * (with a package qualifier and type arguments); a qualifier is the import's name, or a package the generated
 * code imports itself (`time`, `json`).
 */
export function goTypeExt(
  obj: Record<string, unknown>,
  at: (string | number)[],
  report: ExtReport,
  imports: GoImports,
): GoType | undefined {
  const text = stringExt(obj, "x-go-type", at, report);
  if (text === undefined) return undefined;
  const where = [...at, "x-go-type"];
  let foreign: { path: string; name?: string } | undefined;
  const imp = obj["x-go-type-import"];
  if (imp !== undefined) {
    const iat = [...at, "x-go-type-import"];
    const path = isObject(imp) ? imp.path : undefined;
    const name = isObject(imp) ? imp.name : undefined;
    if (typeof path !== "string" || !isImportPath(path)) {
      report(
        isObject(imp) ? [...iat, "path"] : iat,
        `x-go-type-import needs a path of letters, digits and ._~+-/ (got ${JSON.stringify(path ?? imp)}); ` +
          `x-go-type is ignored.`,
      );
      return undefined;
    }
    if (name !== undefined && (typeof name !== "string" || !isImportName(name))) {
      report(
        [...iat, "name"],
        `x-go-type-import's name ${
          JSON.stringify(name)
        } is not a usable Go package name (lower-case letters, ` +
          `digits and _); x-go-type is ignored.`,
      );
      return undefined;
    }
    foreign = { path, name: name as string | undefined };
  }
  const tokens = tokenize(text);
  if (tokens === undefined) {
    report(
      where,
      `x-go-type ${JSON.stringify(text)} is not a Go type this generator can write; it is ignored.`,
    );
    return undefined;
  }
  const problems: string[] = [];
  const qualify = (q: string): { local: string; entry: string } | undefined => {
    if (!isImportName(q)) {
      problems.push(`"${q}" cannot name a package here (lower-case letters, digits and _)`);
      return undefined;
    }
    if (foreign !== undefined && (foreign.name ?? q) === q) return imports.local(foreign.path, q);
    const std = GENERATED_IMPORTS.get(q);
    if (std !== undefined) return imports.local(std, q);
    problems.push(`package "${q}" is not imported (add x-go-type-import with its path)`);
    return undefined;
  };
  const parser = new TypeParser(tokens, qualify, problems);
  const type = parser.parse();
  if (type === undefined || problems.length > 0) {
    report(
      where,
      `x-go-type ${JSON.stringify(text)} cannot be used: ${
        problems[0] ?? "it is not a Go type"
      }; it is ignored.`,
    );
    return undefined;
  }
  return type;
}

function tokenize(text: string): TypeToken[] | undefined {
  if (text.length > MAX_TYPE_TEXT) return undefined;
  const out: TypeToken[] = [];
  const re = /\s*(?:([\p{L}_][\p{L}\p{Nd}_]*)|([*\[\]{},.]))/uy;
  let i = 0;
  while (i < text.length) {
    if (/^\s*$/.test(text.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(text);
    if (m === null) return undefined;
    out.push(m[1] !== undefined ? { kind: "id", text: m[1] } : { kind: "punct", text: m[2] });
    i = re.lastIndex;
  }
  return out;
}

/** Reads a Go type expression from tokens; every identifier is checked as Go checks it. */
class TypeParser {
  #i = 0;
  constructor(
    readonly tokens: TypeToken[],
    readonly qualify: (q: string) => { local: string; entry: string } | undefined,
    readonly problems: string[],
  ) {}

  parse(): GoType | undefined {
    const t = this.#type(0);
    return t !== undefined && this.#i === this.tokens.length ? t : undefined;
  }

  #eat(text: string): boolean {
    if (this.tokens[this.#i]?.text !== text) return false;
    this.#i++;
    return true;
  }

  #type(depth: number): GoType | undefined {
    if (depth > MAX_TYPE_DEPTH) return undefined;
    const tok = this.tokens[this.#i];
    if (tok === undefined) return undefined;
    if (this.#eat("*")) {
      const elem = this.#type(depth + 1);
      return elem && goPointer(elem);
    }
    if (this.#eat("[")) {
      if (!this.#eat("]")) return undefined;
      const elem = this.#type(depth + 1);
      return elem && goSlice(elem);
    }
    if (tok.kind !== "id") return undefined;
    this.#i++;
    if (tok.text === "map") {
      if (!this.#eat("[")) return undefined;
      const key = this.#type(depth + 1);
      if (key === undefined || !this.#eat("]")) return undefined;
      const elem = this.#type(depth + 1);
      return elem && { kind: "map", key, elem };
    }
    if (tok.text === "interface") return this.#eat("{") && this.#eat("}") ? GO_ANY : undefined;
    if (GO_KEYWORDS.has(tok.text)) return undefined;
    let name = tok.text;
    let entry: string | undefined;
    if (this.#eat(".")) {
      const sel = this.tokens[this.#i++];
      if (sel?.kind !== "id" || !isGoIdentifier(sel.text, true)) {
        this.problems.push(`"${tok.text}.${sel?.text ?? ""}" does not name an exported type`);
        return undefined;
      }
      const q = this.qualify(tok.text);
      if (q === undefined) return undefined;
      name = `${q.local}.${sel.text}`;
      entry = q.entry;
    } else if (!isGoIdentifier(name)) return undefined;
    let args: GoType[] | undefined;
    if (this.#eat("[")) {
      args = [];
      do {
        const a = this.#type(depth + 1);
        if (a === undefined) return undefined;
        args.push(a);
      } while (this.#eat(",") && args.length < 16);
      if (!this.#eat("]")) return undefined;
    }
    return goNamed(name, entry, args);
  }
}
