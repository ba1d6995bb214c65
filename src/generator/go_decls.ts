/**
 * The declarations the type model makes and the emitters write: struct fields, union alternatives, the four kinds
 * of named Go declaration, and the Go type of one use of a schema.
 *
 * @module
 */

import type { GoType } from "./go_type.ts";
/** A struct field. */
export interface GoField {
  /** Go field name. */
  name: string;
  /** JSON property name. */
  json: string;
  /** Go type as written (pointer included). */
  type: GoType;
  /** Whether the property is required. */
  required: boolean;
  /** Whether `null` is a value of the property. */
  nullable: boolean;
  /** The `validate` tag value ("" for none). */
  validate: string;
  /** Doc comment lines. */
  doc: string;
  /** Deprecated in the document. */
  deprecated: boolean;
  /** The named type held by value (no pointer, slice or map): a recursion edge. */
  valueOf?: string;
  /**
   * Optional and nullable: the field is a `Nullable[T]` (`type` says so), which keeps absent, null and a value
   * apart; no `validate` tag (the validator would check the map, not the value).
   */
  threeState?: boolean;
  /** `x-omitempty`: `omitempty` in the json tag forced on (true) or off (false); undefined: optional fields. */
  omitempty?: boolean;
  /** `x-go-json-ignore`: the json tag is `-`. */
  jsonIgnore?: boolean;
  /** `x-oapi-codegen-extra-tags`: more struct tags, sorted by key (a `json` or `validate` key replaces ours). */
  extraTags?: [string, string][];
  /** `x-deprecated-reason`: the text of the Deprecated paragraph. */
  deprecatedReason?: string;
}

/** One alternative of a union. */
export interface GoAlternative {
  /** Accessor/field name. */
  name: string;
  /** Go type of the alternative. */
  type: GoType;
  /** Discriminator values that select it. */
  tags: string[];
}

/** A named Go declaration. */
export type GoDecl =
  | {
    kind: "struct";
    name: string;
    doc: string;
    deprecated: boolean;
    /** `x-deprecated-reason`: the text of the Deprecated paragraph. */
    deprecatedReason?: string;
    fields: GoField[];
    /** Go type of additional properties kept in an extra map, when the schema allows them. */
    extra?: GoType;
    at: (string | number)[];
  }
  | {
    kind: "enum";
    name: string;
    doc: string;
    deprecated: boolean;
    /** `x-deprecated-reason`: the text of the Deprecated paragraph. */
    deprecatedReason?: string;
    values: string[];
    /** `x-enum-varnames` / `x-enumNames`: per value, the constant's name after the type's name. */
    varNames?: Map<unknown, string>;
    at: (string | number)[];
  }
  | {
    kind: "union";
    name: string;
    doc: string;
    deprecated: boolean;
    /** `x-deprecated-reason`: the text of the Deprecated paragraph. */
    deprecatedReason?: string;
    alternatives: GoAlternative[];
    discriminator?: string;
    at: (string | number)[];
  }
  | {
    kind: "defined";
    name: string;
    doc: string;
    deprecated: boolean;
    /** `x-deprecated-reason`: the text of the Deprecated paragraph. */
    deprecatedReason?: string;
    type: GoType;
    alias: boolean;
    at: (string | number)[];
  };

/** The use of a schema: its Go type, whether null is allowed, and the named type held by value. */
export interface TypeUse {
  /** Go type expression. */
  type: GoType;
  /** Whether `null` is a value. */
  nullable: boolean;
  /** Named struct-like type this is (by value), for recursion edges. */
  named?: string;
  /** The schema after `$ref`s (for constraints). */
  schema: Record<string, unknown>;
  /** The type is an `x-go-type`: an existing Go type, not generated. */
  foreign?: boolean;
}

/** What a declaration is made from: its name, schema, place, nesting depth and documentation. */
export interface DeclSite {
  /** Key of the file the schema is in (its references resolve from there). */
  file: string;
  name: string;
  schema: Record<string, unknown>;
  at: (string | number)[];
  depth: number;
  doc: string;
  deprecated: boolean;
}
