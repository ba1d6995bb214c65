/**
 * Schema → Go type model: every component schema and every named inline schema (object properties, array
 * items, bodies, responses) becomes a declaration — struct, string enum, union, or defined type — and every
 * schema use becomes a Go type expression. `$ref`s are resolved through the document's {@link RefIndex};
 * nesting is bounded by {@link MAX_DEPTH}, so no document can overflow the stack.
 *
 * @module
 */
import { type Finding, finding } from "../core/finding.ts";
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { breakDefinitionLoops, pointRecursiveFields } from "./type_cycles.ts";
import type { DeclSite, GoDecl, GoField, TypeUse } from "./go_decls.ts";
import { goName, NameRegistry } from "./naming.ts";
import { GO_ANY, goNamed, goNilable, goPointer, goSlice, goStringMap, type GoType } from "./go_type.ts";
import {
  isNullable,
  isStringEnum,
  isStructLike,
  isTagName,
  isUnion,
  mainType,
  memberKey,
  placeKey,
  requiredOf,
  scalarGoType,
  singleAllOf,
  unionHasNull,
  uniqueStrings,
  validateTag,
} from "./schema_facts.ts";
import { followRef, isRef, type RefObject } from "./follow_ref.ts";
import { unionDecl } from "./type_union.ts";
import {
  deprecatedReasonExt,
  enumVarNamesExt,
  type ExtReport,
  fieldExtensions,
  GoImports,
  goNameExt,
  goTypeExt,
  orderExt,
} from "./extensions.ts";

/** Deepest nesting of inline schemas expressed; deeper ones become `interface{}` with an issue. */
export const MAX_DEPTH = 64;

/** Names the generated code itself declares: schemas never take them. */
export const RESERVED_NAMES: readonly string[] = [
  "Client",
  "ClientOption",
  "NewClient",
  "RequestEditorFn",
  "HTTPDoer",
  "ServerInterface",
  "Unimplemented",
  "NewHandler",
  "HandlerOptions",
  "Nullable",
  "NewNullableValue",
  "NewNullNullable",
];

/** Names a struct's fields never take: the extra map and the methods a struct may have. */
const STRUCT_RESERVED: readonly string[] = ["AdditionalProperties", "MarshalJSON", "UnmarshalJSON"];

/** Options of the model. */
export interface TypeModelOptions {
  /** Optional fields as pointers. */
  pointers: boolean;
  /** Emit `validate` tags. */
  validation: boolean;
}

/** The Go types of a document's schemas. */
export class TypeModel {
  /** Declarations in creation order. */
  readonly decls: GoDecl[] = [];
  /** Issues: what could not be expressed. */
  readonly issues: Finding[] = [];
  /**
   * The package-wide registry of Go names: the generated code's own package-level names first (reserved), then
   * type names, operation types and every name an emitter declares.
   */
  readonly names: NameRegistry;
  readonly #index: RefIndex;
  /** The options. */
  readonly options: TypeModelOptions;
  /** Place (`file\0pointer`) → declared name. */
  readonly #byPlace = new Map<string, string>();
  readonly #byName = new Map<string, GoDecl>();
  /** Place keys of resolved references. */
  readonly #placeOf = new WeakMap<object, string>();
  /** Whether a field is a `Nullable[T]` (the package then declares Nullable). */
  usesNullable = false;
  /** The import names of the packages `x-go-type-import` brings in. */
  readonly imports: GoImports;
  /** Reports a refused extension value (an error issue; the extension is left out). */
  readonly report: ExtReport = (at, message) => this.issue("error", at, message, "generate-extension");

  /** A model over the document of `index`; `reserved` are package-level names the runtime code declares. */
  constructor(index: RefIndex, options: TypeModelOptions, reserved: Iterable<string> = []) {
    this.#index = index;
    this.options = options;
    this.names = new NameRegistry([...RESERVED_NAMES, ...reserved]);
    this.imports = new GoImports(this.names);
  }

  /** The declaration named `name`. */
  decl(name: string): GoDecl | undefined {
    return this.#byName.get(name);
  }

  /** Declares every component schema (names first, so references between them resolve). */
  declareComponents(): void {
    const entries = this.#index.components("schema");
    const pending: [string, Record<string, unknown> | unknown, string[]][] = [];
    for (const e of entries) {
      const name = this.#takeNamed(
        goNameExt(e.value, e.segments, this.report),
        goName(e.name, "Schema"),
        e.segments,
      );
      this.#byPlace.set(placeKey(this.#index.rootKey, e.segments), name);
      pending.push([name, e.value, e.segments]);
    }
    for (const [name, value, segments] of pending) {
      this.#declare(name, value, segments, 0, this.#index.rootKey);
    }
  }

  /** Takes `wanted` (an `x-go-name`) or, without one, `generated`; a taken `x-go-name` gets a suffix, said. */
  #takeNamed(wanted: string | undefined, generated: string, at: (string | number)[]): string {
    if (wanted === undefined) return this.names.take(generated);
    const name = this.names.take(wanted);
    if (name !== wanted) {
      this.issue(
        "warning",
        [...at, "x-go-name"],
        `x-go-name "${wanted}" is taken; ${name} is used.`,
        "generate-extension",
      );
    }
    return name;
  }

  /** Adds an issue. */
  issue(
    severity: "warning" | "info" | "error",
    at: readonly (string | number)[],
    message: string,
    rule: string,
  ): void {
    this.issues.push(finding(severity, at, message, { rule }));
  }

  /**
   * The Go type of a schema used at `at`, declaring named types for inline objects, enums and unions under
   * `hint`.
   */
  use(
    schema: unknown,
    at: (string | number)[],
    hint: string,
    depth = 0,
    file: string = this.#index.rootKey,
  ): TypeUse {
    if (depth > MAX_DEPTH) {
      this.issue(
        "warning",
        at,
        `schema nesting deeper than ${MAX_DEPTH} levels is generated as interface{}.`,
        "generate-depth",
      );
      return { type: GO_ANY, nullable: false, schema: {} };
    }
    if (schema === true || schema === undefined) return { type: GO_ANY, nullable: false, schema: {} };
    if (!isObject(schema)) return { type: GO_ANY, nullable: false, schema: {} };
    if (schema["x-go-type"] !== undefined) {
      const foreign = goTypeExt(schema, at, this.report, this.imports);
      if (foreign !== undefined) {
        return { type: foreign, nullable: isNullable(schema), schema, foreign: true };
      }
    }
    if (isRef(schema)) return this.#useRef(at, hint, depth, schema, file);
    const nullable = isNullable(schema);
    const alone = singleAllOf(schema);
    if (alone !== undefined) {
      const inner = this.use(alone, [...at, memberKey(schema), 0], hint, depth + 1, file);
      return { ...inner, nullable: inner.nullable || nullable };
    }
    if (isStringEnum(schema) || isUnion(schema) || isStructLike(schema) || Array.isArray(schema.allOf)) {
      const name = this.names.take(goName(hint, "Inline"));
      this.#declare(name, schema, at, depth + 1, file);
      const decl = this.#byName.get(name)!;
      return {
        type: goNamed(name),
        nullable: nullable || (decl.kind === "union" && unionHasNull(schema)),
        named: decl.kind === "enum" ? undefined : name,
        schema,
      };
    }
    return { type: this.#plain(schema, at, hint, depth, file), nullable, schema };
  }

  #useRef(at: (string | number)[], hint: string, depth: number, holder: RefObject, file: string): TypeUse {
    const r = followRef(this.#index, holder, file);
    if (!r.ok) {
      this.issue(
        "warning",
        at,
        `reference "${holder.$ref}" cannot be resolved (${
          r.message.replace(/\.$/, "")
        }); generated as interface{}.`,
        "generate-ref",
      );
      return { type: GO_ANY, nullable: false, schema: {} };
    }
    // The index returns the same result for the same reference: its place key is made once.
    let key = this.#placeOf.get(r);
    if (key === undefined) {
      key = placeKey(r.file, r.segments);
      this.#placeOf.set(r, key);
    }
    const named = this.#byPlace.get(key);
    const target = isObject(r.value) ? r.value : {};
    const nullable = holder.nullable === true || isNullable(target);
    if (named !== undefined) {
      const decl = this.#byName.get(named);
      return {
        type: goNamed(named),
        nullable: nullable || (decl?.kind === "union" && unionHasNull(target)),
        named: decl === undefined || decl.kind !== "enum" ? named : undefined,
        schema: target,
      };
    }
    // A reference into the middle of a schema: generate it where it is, once, named after the pointer.
    if (isStringEnum(target) || isUnion(target) || isStructLike(target) || Array.isArray(target.allOf)) {
      const last = r.segments[r.segments.length - 1] ?? hint;
      const name = this.names.take(goName(`${r.segments[r.segments.length - 3] ?? ""} ${last}`, hint));
      this.#byPlace.set(key, name);
      this.#declare(name, target, r.segments, depth + 1, r.file);
      return this.#useRef(at, hint, depth + 1, holder, file);
    }
    return { type: this.#plain(target, r.segments, hint, depth + 1, r.file), nullable, schema: target };
  }

  /** Go type of a schema that needs no declaration (primitives, arrays, maps, untyped). */
  #plain(
    schema: Record<string, unknown>,
    at: (string | number)[],
    hint: string,
    depth: number,
    file: string,
  ): GoType {
    const type = mainType(schema);
    if (type === undefined && Array.isArray(schema.type)) {
      this.issue(
        "info",
        at,
        `a schema of several types (${JSON.stringify(schema.type)}) is generated as interface{}.`,
        "generate-multi-type",
      );
      return GO_ANY;
    }
    const scalar = scalarGoType(type, schema.format, true);
    if (scalar !== undefined) return scalar;
    switch (type) {
      case "array": {
        const items = this.use(schema.items, [...at, "items"], `${hint} Item`, depth + 1, file);
        return goSlice(items.nullable && !goNilable(items.type) ? goPointer(items.type) : items.type);
      }
      case "null":
        return GO_ANY;
      case "object": {
        const ap = schema.additionalProperties;
        if (isObject(ap)) {
          return goStringMap(
            this.use(ap, [...at, "additionalProperties"], `${hint} Value`, depth + 1, file).type,
          );
        }
        return goStringMap(GO_ANY);
      }
    }
    return GO_ANY;
  }

  /** Declares `name` for the schema at `at`. */
  #declare(name: string, raw: unknown, at: (string | number)[], depth: number, file: string): void {
    const schema = isObject(raw) ? raw : {};
    const doc = typeof schema.description === "string"
      ? schema.description
      : (typeof schema.title === "string" ? schema.title : "");
    const deprecated = schema.deprecated === true;
    let decl: GoDecl;
    const foreign = schema["x-go-type"] === undefined
      ? undefined
      : goTypeExt(schema, at, this.report, this.imports);
    if (foreign !== undefined) {
      decl = { kind: "defined", name, doc, deprecated, type: foreign, alias: true, at };
    } else if (isRef(schema)) {
      const u = this.use(schema, at, name, depth, file);
      decl = { kind: "defined", name, doc, deprecated, type: u.type, alias: true, at };
      if (u.type.kind === "named" && u.type.name === name) {
        this.issue(
          "warning",
          at,
          `schema "${name}" only refers to itself; generated as interface{}.`,
          "generate-ref-loop",
        );
        decl.type = GO_ANY;
      }
    } else if (Array.isArray(schema.allOf) && singleAllOf(schema) === undefined) {
      decl = this.#merged({ name, schema, at, depth, doc, deprecated, file });
    } else if (isUnion(schema)) {
      decl = unionDecl(this, this.#index, { name, schema, at, depth, doc, deprecated, file });
    } else if (isStringEnum(schema)) {
      decl = { kind: "enum", name, doc, deprecated, values: uniqueStrings(schema.enum as unknown[]), at };
      const varNames = enumVarNamesExt(schema, at, this.report);
      if (varNames !== undefined) decl.varNames = varNames;
    } else if (isStructLike(schema)) {
      decl = this.#struct({ name, schema, at, depth, doc, deprecated, file }, [schema], [file]);
    } else {
      const alone = singleAllOf(schema);
      const u = alone !== undefined
        ? this.use(alone, [...at, memberKey(schema), 0], name, depth, file)
        : undefined;
      const type = u?.type ?? this.#plain(schema, at, name, depth, file);
      decl = {
        kind: "defined",
        name,
        doc,
        deprecated,
        type,
        alias: (type.kind === "named" && type.name === "time.Time") || type.kind === "interface" ||
          u !== undefined,
        at,
      };
    }
    const reason = deprecatedReasonExt(schema, at, this.report);
    if (reason !== undefined) decl.deprecatedReason = reason;
    this.decls.push(decl);
    this.#byName.set(name, decl);
  }

  #struct(d: DeclSite, parts: Record<string, unknown>[], files: string[]): GoDecl {
    const { name, schema, at, depth, doc, deprecated } = d;
    // A field never takes the name of a method of its struct (Go forbids both).
    const fieldNames = new NameRegistry(STRUCT_RESERVED);
    const fields: GoField[] = [];
    /** `x-order` of each field (oapi-codegen's: ordered fields first, by their number; the others after). */
    const order = new Map<GoField, number>();
    // Properties seen in earlier parts (allOf members): the first one wins. A single part has no duplicates.
    const seen = parts.length > 1 ? new Set<string>() : undefined;
    const required = requiredOf(parts);
    let extra: GoType | undefined;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      const file = files[p];
      const props = isObject(part.properties) ? part.properties : {};
      const partAt = part === schema ? at : [...at, "allOf"];
      let count = 0;
      for (const prop in props) {
        if (!Object.hasOwn(props, prop)) continue;
        count++;
        if (seen !== undefined) {
          if (seen.has(prop)) continue;
          seen.add(prop);
        }
        const propSchema = props[prop];
        const fieldAt = [...partAt, "properties", prop];
        if (!isTagName(prop)) {
          this.issue(
            "warning",
            fieldAt,
            `property "${prop}" cannot be a Go struct tag name; it is left out of ${name}.`,
            "generate-property-name",
          );
          continue;
        }
        const u = this.use(propSchema, fieldAt, `${name} ${prop}`, depth + 1, file);
        const isReq = required !== undefined && required.has(prop);
        const own = isObject(propSchema) ? propSchema : {};
        const wanted = goNameExt(own, fieldAt, this.report);
        const fieldName = fieldNames.take(wanted ?? goName(prop, "Field"));
        if (wanted !== undefined && fieldName !== wanted) {
          this.issue(
            "warning",
            [...fieldAt, "x-go-name"],
            `x-go-name "${wanted}" is taken in ${name}; ${fieldName} is used.`,
            "generate-extension",
          );
        }
        const f = this.#field(fieldName, prop, u, isReq, propSchema, fieldAt);
        const n = orderExt(own, fieldAt, this.report);
        if (n !== undefined) order.set(f, n);
        fields.push(f);
      }
      const ap = part.additionalProperties;
      if (extra === undefined && (ap === true || isObject(ap)) && count > 0) {
        extra = isObject(ap)
          ? this.use(ap, [...partAt, "additionalProperties"], `${name} Value`, depth + 1, file).type
          : GO_ANY;
      }
    }
    if (fields.length === 0 && extra === undefined) {
      const ap = schema.additionalProperties;
      if (isObject(ap)) {
        extra = this.use(ap, [...at, "additionalProperties"], `${name} Value`, depth + 1, d.file).type;
      }
    }
    if (order.size > 0) {
      const rank = (f: GoField) => order.get(f) ?? Number.MAX_SAFE_INTEGER;
      fields.sort((a, b) => rank(a) - rank(b));
    }
    return { kind: "struct", name, doc, deprecated, fields, extra, at };
  }

  #field(
    name: string,
    json: string,
    u: TypeUse,
    required: boolean,
    raw: unknown,
    at: (string | number)[],
  ): GoField {
    const s = u.schema;
    const own = isObject(raw) ? raw : {};
    const doc = typeof own.description === "string"
      ? own.description
      : (typeof s.description === "string" && !u.named ? s.description : "");
    const ext = fieldExtensions(own, s, at, this.report);
    if (!required && u.nullable) {
      if (ext.field.omitempty === false) {
        this.issue(
          "warning",
          [...at, "x-omitempty"],
          `x-omitempty: false is ignored on ${name}: an optional nullable field keeps absent and null apart.`,
          "generate-extension",
        );
        delete ext.field.omitempty;
      }
      // Absent, null and a value: three states, which neither a pointer nor omitempty can tell apart.
      this.usesNullable = true;
      return {
        name,
        json,
        type: goNamed("Nullable", undefined, [u.type]),
        required,
        nullable: true,
        validate: "",
        doc,
        deprecated: own.deprecated === true || (s.deprecated === true && !u.named),
        valueOf: undefined, // a map: never a recursion edge
        threeState: true,
        ...ext.field,
      };
    }
    const pointer = !goNilable(u.type) &&
      (u.nullable || (!required && this.options.pointers && !ext.skipPointer));
    return {
      name,
      json,
      type: pointer ? goPointer(u.type) : u.type,
      required,
      nullable: u.nullable,
      validate: this.options.validation ? validateTag(s, required && !u.nullable, u.type) : "",
      doc,
      deprecated: own.deprecated === true || (s.deprecated === true && !u.named),
      valueOf: pointer ? undefined : u.named,
      ...ext.field,
    };
  }

  #merged(d: DeclSite): GoDecl {
    const { name, schema, at } = d;
    // Flatten the allOf tree (references followed) with an explicit stack, in order.
    const parts: Record<string, unknown>[] = [];
    const files: string[] = [];
    const stack: [unknown, string][] = [[schema, d.file]];
    const visited = new Set<unknown>();
    let budget = 10_000;
    while (stack.length > 0 && budget-- > 0) {
      const [raw, from] = stack.pop()!;
      const r = followRef(this.#index, raw, from);
      if (!r.ok) continue;
      const { value: s, file } = r;
      if (!isObject(s) || visited.has(s)) continue;
      visited.add(s);
      if (isUnion(s)) {
        this.issue(
          "warning",
          at,
          `allOf of ${name} includes a oneOf/anyOf; its alternatives are not merged into the struct.`,
          "generate-allof-union",
        );
      }
      parts.push(s);
      files.push(file);
      if (Array.isArray(s.allOf)) {
        for (let i = s.allOf.length - 1; i >= 0; i--) stack.push([s.allOf[i], file]);
      }
    }
    return this.#struct(d, parts, files);
  }

  /**
   * Breaks recursion: loops of schemas that only name one another become `interface{}`; a struct field holding
   * by value a type that leads back to its struct becomes a pointer (see type_cycles.ts).
   */
  breakCycles(): void {
    breakDefinitionLoops(
      this.decls,
      (name) => this.#byName.get(name),
      (at, message) => this.issue("warning", at, message, "generate-ref-loop"),
    );
    pointRecursiveFields(this.decls);
  }
}
