/**
 * What the binder (`--server-binder`) reads a Go type as: a typed scalar (with its parser function in the
 * generated runtime), an array of them, a `Nullable[T]` of them, or JSON text; a deepObject parameter as a
 * struct or a map of scalars; and the Go literal of a parameter's default.
 *
 * @module
 */
import { fitsFloat } from "./go_literal.ts";
import type { EmitContext } from "./context.ts";
import { goString } from "./go_writer.ts";
import type { GoField } from "./go_decls.ts";
import { GO_ANY, goDeref, goNamed, goSlice, type GoType, goTypeKey } from "./go_type.ts";

const GO_STRING = goNamed("string");

/** The typed reader of each base Go type, by the type ({@link goTypeKey}). */
const BASE_PARSERS = new Map<string, string>(
  ([
    [goNamed("string"), "binderString"],
    [goNamed("int64"), "binderInt64"],
    [goNamed("int32"), "binderInt32"],
    [goNamed("float64"), "binderFloat64"],
    [goNamed("float32"), "binderFloat32"],
    [goNamed("bool"), "binderBool"],
    [goNamed("time.Time", "time"), "binderTime"],
    [goSlice(goNamed("byte")), "binderBytes"],
    [GO_ANY, "binderAny"],
  ] as const).map(([type, parse]) => [goTypeKey(type), parse]),
);

/** How a Go type is read from parameter text. */
export type BindShape =
  | { kind: "scalar"; parse: string; base: GoType }
  | { kind: "array"; item: { parse: string; base: GoType } }
  | { kind: "nullable"; inner: GoType; of: Exclude<BindShape, { kind: "json" | "nullable" }> }
  | { kind: "json" };

/** The deepObject reading of a parameter's Go type: a struct (named or defined from one) or a map of scalars. */
export type DeepShape =
  | { kind: "struct"; fields: GoField[] }
  | { kind: "map"; value: GoType; parse: string };

/** Reads a Go type (no pointer) can be bound with: typed scalars and arrays of them, else JSON text. */
export class BinderTypes {
  /** Named scalar types used, with their base type: each gets a `binderParse<Name>` function. */
  readonly named = new Map<string, string>();
  readonly #ctx: EmitContext;

  /** Types of the model of `ctx`. */
  constructor(ctx: EmitContext) {
    this.#ctx = ctx;
  }

  /** The shape of `type` (a pointer's element type is read; a `Nullable[T]` is read as its T). */
  shapeOf(type: GoType): BindShape {
    const t = goDeref(type);
    if (t.kind === "named" && t.name === "Nullable" && t.args?.length === 1) {
      const inner = t.args[0];
      const of = inner.kind === "pointer" ? undefined : this.shapeOf(inner);
      return of?.kind === "scalar" || of?.kind === "array"
        ? { kind: "nullable", inner, of }
        : { kind: "json" };
    }
    const scalar = this.#scalar(t);
    if (scalar !== undefined) return { kind: "scalar", ...scalar };
    const arrayItem = this.#arrayItem(t, 0);
    if (arrayItem !== undefined) return { kind: "array", item: arrayItem };
    return { kind: "json" };
  }

  /** How a deepObject parameter of Go type `type` is read, or undefined when it is neither a struct nor a map of scalars. */
  deepOf(type: GoType): DeepShape | undefined {
    let t = goDeref(type);
    for (let depth = 0; depth <= 16; depth++) {
      if (t.kind === "map") {
        const value = t.elem;
        const shape = this.shapeOf(value);
        return shape.kind === "scalar" && value.kind !== "pointer"
          ? { kind: "map", value, parse: shape.parse }
          : undefined;
      }
      const d = this.#decl(t);
      if (d?.kind === "struct") return { kind: "struct", fields: d.fields };
      if (d?.kind !== "defined") return undefined;
      t = d.type;
    }
    return undefined;
  }

  /** The declaration a named type refers to. */
  #decl(t: GoType) {
    return t.kind === "named" && t.args === undefined ? this.#ctx.model.decl(t.name) : undefined;
  }

  #scalar(t: GoType, depth = 0): { parse: string; base: GoType } | undefined {
    const base = BASE_PARSERS.get(goTypeKey(t));
    if (base !== undefined) return { parse: base, base: t };
    if (depth > 16 || t.kind !== "named") return undefined;
    const d = this.#decl(t);
    if (d === undefined) return undefined;
    let inner: { parse: string; base: GoType } | undefined;
    if (d.kind === "enum") inner = { parse: "binderString", base: GO_STRING };
    else if (d.kind === "defined") inner = this.#scalar(d.type, depth + 1);
    if (inner === undefined) return undefined;
    this.named.set(t.name, inner.parse);
    return { parse: `binderParse${t.name}`, base: inner.base };
  }

  #arrayItem(t: GoType, depth: number): { parse: string; base: GoType } | undefined {
    if (t.kind === "slice") return this.#scalar(t.elem);
    if (depth > 16) return undefined;
    const d = this.#decl(t);
    return d?.kind === "defined" ? this.#arrayItem(d.type, depth + 1) : undefined;
  }
}

/** A Go literal of `value` for a value of base type `base`, or undefined when it does not fit. */
export function defaultLiteral(value: unknown, base: GoType): string | undefined {
  const name = base.kind === "named" && base.args === undefined ? base.name : "";
  switch (name) {
    case "string":
      return typeof value === "string" ? goString(value) : undefined;
    case "bool":
      return typeof value === "boolean" ? String(value) : undefined;
    case "int64":
    case "int32": {
      if (typeof value !== "number" || !Number.isSafeInteger(value)) return undefined;
      if (name === "int32" && (value < -2147483648 || value > 2147483647)) return undefined;
      return String(value);
    }
    case "float64":
    case "float32":
      return typeof value === "number" && fitsFloat(name, value) ? String(value) : undefined;
  }
  return undefined;
}
