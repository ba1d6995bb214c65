/**
 * Writes a synthetic OpenAPI document with N paths and M schemas, for scaling runs and benchmarks.
 *
 *   deno run --allow-write scripts/make_spec.ts --paths 400 --schemas 300 --version 3.0 --format yaml --out big.yaml
 *
 * The document is deterministic (same sizes, same output), valid, and shaped like real APIs: every path has
 * two or three operations with parameters, request bodies and responses that reference component schemas, and
 * schemas reference each other through properties, arrays and allOf.
 *
 * @module
 */
import { serializeDocument } from "../src/core/mod.ts";
import { parseFlags } from "../src/cli/flags.ts";

/** Options of {@link makeSpec}. */
export interface MakeSpecOptions {
  /** Number of paths. */
  paths: number;
  /** Number of component schemas. */
  schemas: number;
  /** `2.0`, `3.0`, `3.1` or `3.2`. @default "3.0" */
  version?: "2.0" | "3.0" | "3.1" | "3.2";
  /** Prefix for schema names, so that two documents can share or differ in names. @default "Model" */
  prefix?: string;
}

/**
 * A 3.0 document whose one query parameter has an enum of `n` string values (`v0`, `v1`, …): the shape that
 * made `convert -t 2.0` quadratic, and a call that takes seconds at a million values.
 */
export function enumDocument(n: number): Record<string, unknown> {
  const values = Array.from({ length: n }, (_, i) => `v${i}`);
  return {
    openapi: "3.0.3",
    info: { title: "enum", version: "1" },
    paths: {
      "/x": {
        get: {
          parameters: [{ name: "q", in: "query", schema: { type: "string", enum: values } }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
}

/**
 * A 3.0 document with one GET operation on a path of `n` template variables, `/{p0}/{p1}/…`, declaring them as
 * path parameters or not: a small document whose every finding repeats a long path (5,000 undeclared
 * parameters made validate print 390 MB).
 */
export function pathParamsDocument(n: number, declared: boolean): Record<string, unknown> {
  const path = "/" + Array.from({ length: n }, (_, i) => `{p${i}}`).join("/");
  const parameters = declared
    ? Array.from(
      { length: n },
      (_, i) => ({ name: `p${i}`, in: "path", required: true, schema: { type: "string" } }),
    )
    : undefined;
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: { [path]: { get: { summary: "s", parameters, responses: { "200": { description: "ok" } } } } },
  };
}

/** Builds a synthetic document. */
export function makeSpec(options: MakeSpecOptions): Record<string, unknown> {
  const v = options.version ?? "3.0";
  const prefix = options.prefix ?? "Model";
  const v2 = v === "2.0";
  const refBase = v2 ? "#/definitions/" : "#/components/schemas/";
  const name = (i: number) => `${prefix}${String(i).padStart(5, "0")}`;
  const ref = (i: number) => ({ $ref: refBase + name(i % Math.max(1, options.schemas)) });
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < options.schemas; i++) {
    const props: Record<string, unknown> = {
      id: { type: "integer", format: "int64", description: `Identifier of ${name(i)}` },
      name: { type: "string", maxLength: 200, example: `name-${i}` },
      createdAt: { type: "string", format: "date-time" },
      status: { type: "string", enum: ["active", "inactive", "pending"] },
      score: { type: "number", minimum: 0, maximum: 100 },
      tags: { type: "array", items: { type: "string" } },
    };
    if (i > 0) props.parent = ref(i - 1);
    if (i > 1) props.children = { type: "array", items: ref((i * 7) % i) };
    const schema: Record<string, unknown> = {
      type: "object",
      description: `Synthetic schema number ${i}, used to measure how oatool scales with document size.`,
      required: ["id", "name"],
      properties: props,
    };
    schemas[name(i)] = i % 10 === 9 ? { allOf: [ref(i - 1), schema] } : schema;
  }
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < options.paths; i++) {
    const s = i % Math.max(1, options.schemas);
    const resource = `resource${i}`;
    const json = (schema: unknown) => v2 ? { schema } : { content: { "application/json": { schema } } };
    const idParam = v2
      ? { name: "id", in: "path", required: true, type: "integer", format: "int64" }
      : { name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } };
    const limit = v2
      ? { name: "limit", in: "query", type: "integer", maximum: 100 }
      : { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } };
    const body = v2 ? { name: "body", in: "body", required: true, schema: ref(s) } : undefined;
    paths[`/${resource}`] = {
      get: {
        operationId: `list${i}`,
        summary: `List ${resource}`,
        tags: [`tag${i % 20}`],
        parameters: [limit],
        responses: { "200": { description: "OK", ...json({ type: "array", items: ref(s) }) } },
      },
      post: {
        operationId: `create${i}`,
        summary: `Create ${resource}`,
        tags: [`tag${i % 20}`],
        ...(v2 ? { parameters: [body] } : { requestBody: { required: true, ...json(ref(s)) } }),
        responses: {
          "201": { description: "Created", ...json(ref(s)) },
          "400": { description: "Bad request" },
        },
      },
    };
    paths[`/${resource}/{id}`] = {
      parameters: [idParam],
      get: {
        operationId: `get${i}`,
        summary: `Get one ${resource}`,
        tags: [`tag${i % 20}`],
        responses: { "200": { description: "OK", ...json(ref(s)) }, "404": { description: "Not found" } },
      },
    };
  }
  const info = {
    title: `Synthetic API (${options.paths} paths, ${options.schemas} schemas)`,
    version: "1.0.0",
  };
  const tags = Array.from({ length: Math.min(20, options.paths) }, (_, i) => ({ name: `tag${i}` }));
  if (v2) {
    return {
      swagger: "2.0",
      info,
      host: "api.example.com",
      basePath: "/v1",
      consumes: ["application/json"],
      produces: ["application/json"],
      tags,
      paths,
      definitions: schemas,
    };
  }
  const openapi = v === "3.0" ? "3.0.3" : v === "3.1" ? "3.1.0" : "3.2.0";
  return {
    openapi,
    info,
    servers: [{ url: "https://api.example.com/v1" }],
    tags,
    paths,
    components: { schemas },
  };
}

if (import.meta.main) {
  const { flags } = parseFlags(Deno.args, [
    { name: "paths", type: "string", default: "100", description: "" },
    { name: "schemas", type: "string", default: "100", description: "" },
    {
      name: "version",
      type: "string",
      default: "3.0",
      choices: ["2.0", "3.0", "3.1", "3.2"],
      description: "",
    },
    { name: "format", type: "string", default: "json", choices: ["json", "yaml"], description: "" },
    { name: "prefix", type: "string", default: "Model", description: "" },
    { name: "out", type: "string", description: "" },
  ]);
  const doc = makeSpec({
    paths: Number(flags.paths),
    schemas: Number(flags.schemas),
    version: flags.version as MakeSpecOptions["version"],
    prefix: flags.prefix as string,
  });
  const text = serializeDocument(doc, flags.format as "json" | "yaml");
  if (flags.out) await Deno.writeTextFile(flags.out as string, text);
  else await Deno.stdout.write(new TextEncoder().encode(text));
}
