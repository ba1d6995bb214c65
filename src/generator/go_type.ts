/**
 * Go type expressions as data: a named type (with the package it comes from, and type arguments for
 * `Nullable[T]`), a pointer, a slice, a map or the empty interface. The emitters ask these values what they are
 * (pointer? slice of what?) instead of reading the text again, and {@link goTypeText} is the one printer.
 *
 * @module
 */

/** A Go type expression. */
export type GoType =
  | {
    kind: "named";
    /** The type's name as written in the generated package (`string`, `Pet`, `time.Time`, `Nullable`). */
    name: string;
    /**
     * The import it needs: a path (`time` for `time.Time`), or `name path` for a package imported under another
     * name (an `x-go-type-import`); undefined for builtins and the package's own types.
     */
    pkg?: string;
    /** Type arguments (`Nullable[T]`). */
    args?: readonly GoType[];
  }
  | { kind: "pointer"; elem: GoType }
  | { kind: "slice"; elem: GoType }
  | { kind: "map"; key: GoType; elem: GoType }
  | { kind: "interface" };

/** The empty interface, `interface{}`. */
export const GO_ANY: GoType = { kind: "interface" };

/** A named type; a qualified name (`time.Time`) records its package from `imports`. */
export function goNamed(name: string, pkg?: string, args?: readonly GoType[]): GoType {
  const t: GoType = { kind: "named", name };
  if (pkg !== undefined) t.pkg = pkg;
  if (args !== undefined) t.args = args;
  return t;
}

/** `*elem`. */
export function goPointer(elem: GoType): GoType {
  return { kind: "pointer", elem };
}

/** `[]elem`. */
export function goSlice(elem: GoType): GoType {
  return { kind: "slice", elem };
}

/** `map[string]elem`. */
export function goStringMap(elem: GoType): GoType {
  return { kind: "map", key: goNamed("string"), elem };
}

/** The Go text of a type. */
export function goTypeText(t: GoType): string {
  switch (t.kind) {
    case "named":
      return t.args === undefined ? t.name : `${t.name}[${t.args.map(goTypeText).join(", ")}]`;
    case "pointer":
      return `*${goTypeText(t.elem)}`;
    case "slice":
      return `[]${goTypeText(t.elem)}`;
    case "map":
      return `map[${goTypeText(t.key)}]${goTypeText(t.elem)}`;
    case "interface":
      return "interface{}";
  }
}

/**
 * A key that two types share exactly when they are the same Go type (package, name, type arguments and shape),
 * for maps and sets of types; it is not Go text.
 */
export function goTypeKey(t: GoType): string {
  switch (t.kind) {
    case "named": {
      const head = t.pkg === undefined ? t.name : `${t.pkg} ${t.name}`;
      return t.args === undefined ? head : `${head}(${t.args.map(goTypeKey).join(",")})`;
    }
    case "pointer":
      return `pointer(${goTypeKey(t.elem)})`;
    case "slice":
      return `slice(${goTypeKey(t.elem)})`;
    case "map":
      return `map(${goTypeKey(t.key)},${goTypeKey(t.elem)})`;
    case "interface":
      return "interface";
  }
}

/** Whether `a` and `b` are the same Go type. */
export function goTypeEqual(a: GoType, b: GoType): boolean {
  return a === b || goTypeKey(a) === goTypeKey(b);
}

/**
 * A word for a value of type `t`, to name it by: the ASCII letters and digits of its names, outer to inner, with
 * `map` and `interface` for those kinds (`map[string]Pet` → `mapstringPet`, `*time.Time` → `timeTime`).
 */
export function goTypeWord(t: GoType): string {
  switch (t.kind) {
    case "named":
      return t.name.replace(/[^A-Za-z0-9]/g, "") + (t.args ?? []).map(goTypeWord).join("");
    case "pointer":
    case "slice":
      return goTypeWord(t.elem);
    case "map":
      return `map${goTypeWord(t.key)}${goTypeWord(t.elem)}`;
    case "interface":
      return "interface";
  }
}

/** Whether the zero value of `t` is nil (a pointer, slice, map or interface). */
export function goNilable(t: GoType): boolean {
  return t.kind !== "named";
}

/** The import paths a type needs, in the order met. */
export function goTypeImports(t: GoType, into: Set<string> = new Set()): Set<string> {
  eachNamed(t, (n) => {
    if (n.pkg !== undefined) into.add(n.pkg);
  });
  return into;
}

/** `t` without one level of pointer. */
export function goDeref(t: GoType): GoType {
  return t.kind === "pointer" ? t.elem : t;
}

/** `io.Reader`, the type of a raw body. */
export const GO_READER: GoType = goNamed("io.Reader", "io");

/** Whether `t` is the named type `name` (no type arguments). */
export function isGoNamed(t: GoType | undefined, name: string): boolean {
  return t !== undefined && t.kind === "named" && t.name === name && t.args === undefined;
}

/** The names of the named types `t` mentions (`time.Time` qualified, `Nullable` and its arguments), in order. */
export function goTypeNames(t: GoType, into: string[] = []): string[] {
  eachNamed(t, (n) => into.push(n.name));
  return into;
}

/** Calls `visit` with each named type in `t`, outer before inner, left to right. */
function eachNamed(t: GoType, visit: (named: Extract<GoType, { kind: "named" }>) => void): void {
  switch (t.kind) {
    case "named":
      visit(t);
      for (const a of t.args ?? []) eachNamed(a, visit);
      break;
    case "pointer":
    case "slice":
      eachNamed(t.elem, visit);
      break;
    case "map":
      eachNamed(t.key, visit);
      eachNamed(t.elem, visit);
      break;
  }
}
