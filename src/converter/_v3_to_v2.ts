/**
 * OpenAPI 3.0 → 2.0: the first server → host/basePath/schemes, request bodies → body or form parameters and
 * `consumes`, response content → `schema` and `produces`, parameter schemas lifted, components → the 2.0
 * sections (references rewritten with core's reference rewriting; request bodies, headers and examples inlined).
 * What 2.0 cannot express is left out with a critical issue naming its path.
 *
 * @module
 */
import { deepEqual, isObject } from "../core/json.ts";
import type { SectionRenames } from "../refs/rename.ts";
import { HTTP_METHODS } from "../walker/mod.ts";
import {
  extensions,
  mapPaths,
  rebuild,
  reportExtensions,
  type Segments,
  setMember,
  type Step,
} from "./_context.ts";
import { liftSchema, parameter3to2 } from "./_parameters.ts";
import { schemas3to2 } from "./_schema.ts";
import { dropSchemes, securityScheme3to2 } from "./_security.ts";
import { servers3to2 } from "./_servers.ts";
import { finishReferences, inlineUnplaceable } from "./_pointers.ts";
import {
  mediaTypeExample,
  reportDroppedExamples,
  resolveExampleData,
  type ResponseExamples,
} from "./_examples.ts";

const METHODS = new Set(HTTP_METHODS["2.0"]);
const ALL_METHODS = new Set(HTTP_METHODS["3.2"]);
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** Whether a content key is a media type or range (`type/subtype`, parameters allowed). */
function isMediaType(ct: string): boolean {
  return /^[^\s/;]+\/[^\s/;]+$/.test(ct.split(";")[0].trim());
}

function isForm(ct: string): boolean {
  return ct === FORM || ct === MULTIPART || ct.startsWith(MULTIPART + ";") || ct.startsWith(FORM + ";");
}

/** A Reference Object without its siblings (3.0 ignores them; 2.0's schema refuses them). */
function onlyRef(raw: unknown): unknown {
  return isObject(raw) && typeof raw.$ref === "string" && Object.keys(raw).length > 1
    ? { $ref: raw.$ref }
    : raw;
}

/** 3.x component sections and their 2.0 places. */
const MOVES: readonly { from: string; to: string; kind: SectionRenames["kind"] }[] = [
  { from: "schemas", to: "definitions", kind: "schema" },
  { from: "parameters", to: "parameters", kind: "other" },
  { from: "responses", to: "responses", kind: "other" },
  { from: "securitySchemes", to: "securityDefinitions", kind: "security" },
];

class Converter {
  readonly step: Step;
  /** Security schemes left out. */
  readonly removedSchemes = new Set<string>();
  /** The media types of each operation's `produces` list, as a set. */
  readonly #produced = new WeakMap<string[], Set<string>>();
  /** Objects whose lost extensions were reported (a shared one is reported once). */
  readonly #reported = new WeakSet<object>();
  constructor(step: Step) {
    this.step = step;
  }

  /** Reports the extensions of an object 2.0 has no place for (each object once). */
  lost(node: unknown, at: Segments, whose: string): void {
    if (!isObject(node) || this.#reported.has(node)) return;
    this.#reported.add(node);
    reportExtensions(this.step, node, at, whose);
  }

  critical(at: Segments, message: string, rule: string): void {
    this.step.add("critical", at, message, rule);
  }

  parameters(list: unknown, at: Segments): unknown[] {
    const out: unknown[] = [];
    if (!Array.isArray(list)) return out;
    list.forEach((raw, i) => {
      const pAt = [...at, i];
      const p = this.step.deref(raw);
      if (p === undefined) return void out.push(raw);
      if (p.in === "cookie") {
        if (p === raw) {
          this.critical(
            pAt,
            "OpenAPI 2.0 has no cookie parameters; this one is left out.",
            "convert-cookie-parameter",
          );
        }
        return;
      }
      out.push(p === raw ? parameter3to2(this.step, p, pAt) : onlyRef(raw));
    });
    return out;
  }

  /** Body or form parameters and `consumes` of a request body. */
  requestBody(raw: unknown, at: Segments): { params: unknown[]; consumes: string[] } {
    const step = this.step;
    const rb = step.deref(raw);
    if (rb === undefined || !isObject(rb.content)) return { params: [], consumes: [] };
    const types = this.mediaTypes(rb.content as Record<string, unknown>, at);
    if (types.length === 0) return { params: [], consumes: [] };
    const form = isForm(types[0]);
    const kept = types.filter((ct) => isForm(ct) === form);
    for (const ct of types) {
      if (isForm(ct) !== form) {
        step.add(
          "warning",
          [...at, "content", ct],
          `OpenAPI 2.0 cannot take both form and body parameters; the media type "${ct}" is left out.`,
          "convert-media-types",
        );
      }
    }
    const content = rb.content as Record<string, Record<string, unknown>>;
    for (const ct of kept) this.lost(content[ct], [...at, "content", ct], "media type");
    const first = content[kept[0]];
    for (const ct of kept.slice(1)) {
      if (!deepEqual(content[ct].schema, first.schema)) {
        step.add(
          "warning",
          [...at, "content", ct, "schema"],
          `OpenAPI 2.0 has one request schema for every media type; the schema of "${kept[0]}" is used.`,
          "convert-media-types",
        );
      }
    }
    if (!form) {
      const p: Record<string, unknown> = {
        name: typeof rb["x-codegen-request-body-name"] === "string"
          ? rb["x-codegen-request-body-name"]
          : "body",
        in: "body",
      };
      if (rb.description !== undefined) p.description = rb.description;
      if (rb.required === true) p.required = true;
      p.schema = first.schema ?? {};
      for (const [k, v] of extensions(rb)) if (k !== "x-codegen-request-body-name") setMember(p, k, v);
      return { params: [p], consumes: kept };
    }
    const schema = step.deref(first.schema);
    const params: unknown[] = [];
    const props = schema !== undefined && isObject(schema.properties) ? schema.properties : {};
    const required = new Set(schema !== undefined && Array.isArray(schema.required) ? schema.required : []);
    const encoding = isObject(first.encoding) ? first.encoding : {};
    for (const [k, v] of extensions(rb)) {
      if (k !== "x-codegen-request-body-name") {
        this.lost({ [k]: v }, at, "request body (its form parameters have no place for it)");
      }
    }
    for (const [name, enc] of Object.entries(encoding)) {
      this.lost(enc, [...at, "content", kept[0], "encoding", name], "encoding");
    }
    for (const [name, propRaw] of Object.entries(props)) {
      const prop = step.deref(propRaw) ?? {};
      const pAt = [...at, "content", kept[0], "schema", "properties", name];
      const p: Record<string, unknown> = { name, in: "formData" };
      if (typeof prop.description === "string") p.description = prop.description;
      if (required.has(name)) p.required = true;
      // `type: file` needs multipart; binary values of a URL-encoded form stay strings.
      const binary = kept.some((ct) => ct.startsWith(MULTIPART)) && prop.type === "string" &&
        (prop.format === "binary" || prop.contentMediaType !== undefined);
      if (binary) p.type = "file";
      else {
        for (const [k, v] of liftSchema(step, prop, pAt, "form parameter")) p[k] = v;
        const enc = encoding[name];
        if (p.type === "array") {
          const style = isObject(enc) ? enc.style ?? "form" : "form";
          const explode = isObject(enc) && typeof enc.explode === "boolean" ? enc.explode : style === "form";
          const cf = style === "form"
            ? (explode ? "multi" : "csv")
            : style === "spaceDelimited"
            ? "ssv"
            : style === "pipeDelimited"
            ? "pipes"
            : "csv";
          if (cf !== "csv") p.collectionFormat = cf;
        }
      }
      params.push(p);
    }
    return { params, consumes: kept };
  }

  /** The media types of a content map; keys that are not media types are reported and left out. */
  mediaTypes(content: Record<string, unknown>, at: Segments): string[] {
    const out: string[] = [];
    for (const ct of Object.keys(content)) {
      if (isObject(content[ct]) && isMediaType(ct)) out.push(ct);
      else {
        this.step.add(
          "warning",
          [...at, "content", ct],
          `"${ct}" is not a media type (type/subtype); it cannot be listed in consumes or produces and is left out.`,
          "convert-media-types",
        );
      }
    }
    return out;
  }

  /** A 3.x response as 2.0; adds its media types to `produces`. */
  response(raw: unknown, at: Segments, produces: string[]): unknown {
    const step = this.step;
    const r = step.deref(raw);
    if (r === undefined) return raw;
    const content = isObject(r.content) ? r.content : {};
    // Media types are reported where the response is written (a referenced one at its component).
    const types = r === raw ? this.mediaTypes(content, at) : Object.keys(content).filter(isMediaType);
    // The media types already listed, kept beside the list (one look-up per type, not a scan of the list).
    let listed = this.#produced.get(produces);
    if (listed === undefined) this.#produced.set(produces, listed = new Set(produces));
    for (const ct of types) {
      if (listed.has(ct)) continue;
      listed.add(ct);
      produces.push(ct);
    }
    if (r !== raw) return onlyRef(raw);
    const out = { ...r };
    let schema: unknown;
    let schemaFrom = "";
    const found: ResponseExamples = { examples: {}, dropped: [] };
    for (const ct of types) {
      const media = step.deref(content[ct]);
      if (media === undefined) continue;
      this.lost(media, [...at, "content", ct], "media type");
      if (media.schema !== undefined) {
        if (schema === undefined) {
          schema = media.schema;
          schemaFrom = ct;
        } else if (!deepEqual(schema, media.schema)) {
          step.add(
            "warning",
            [...at, "content", ct, "schema"],
            `OpenAPI 2.0 responses have one schema; the schema of "${schemaFrom}" is used.`,
            "convert-media-types",
          );
        }
      }
      mediaTypeExample(step, media, ct, at, found);
    }
    reportDroppedExamples(step, [...at, "content"], found.dropped);
    const examples = found.examples;
    rebuild(out, (k, v) => {
      if (k === "content") {
        const entries: [string, unknown][] = [];
        if (schema !== undefined) entries.push(["schema", schema]);
        if (Object.keys(examples).length > 0) entries.push(["examples", examples]);
        return entries;
      }
      if (k === "headers" && isObject(v)) {
        const headers: Record<string, unknown> = {};
        for (const [name, hRaw] of Object.entries(v)) {
          const h = step.deref(hRaw);
          if (h !== undefined) setMember(headers, name, parameter3to2(step, h, [...at, "headers", name]));
        }
        return [[k, headers]];
      }
      if (k === "links") {
        if (isObject(v) && Object.keys(v).length > 0) {
          this.critical([...at, k], "OpenAPI 2.0 has no links; they are left out.", "convert-links");
        }
        return [];
      }
      return undefined;
    });
    return out;
  }

  responses(rs: Record<string, unknown>, at: Segments, produces: string[]): Record<string, unknown> {
    const out = { ...rs };
    let hasDefault = "default" in rs;
    rebuild(out, (k, v) => {
      if (k.startsWith("x-")) return undefined;
      if (/^[1-5]XX$/i.test(k)) {
        if (!hasDefault) {
          hasDefault = true;
          this.step.add(
            "warning",
            [...at, k],
            `OpenAPI 2.0 has no status code ranges; the "${k}" response becomes the default response.`,
            "convert-response-range",
          );
          return [["default", this.response(v, [...at, k], produces)]];
        }
        this.critical(
          [...at, k],
          `OpenAPI 2.0 has no status code ranges; the "${k}" response is left out.`,
          "convert-response-range",
        );
        return [];
      }
      return [[k, this.response(v, [...at, k], produces)]];
    });
    return out;
  }

  operation(op: Record<string, unknown>, at: Segments): Record<string, unknown> {
    const out = { ...op };
    const params = this.parameters(op.parameters, [...at, "parameters"]);
    const body = op.requestBody === undefined
      ? { params: [], consumes: [] }
      : this.requestBody(op.requestBody, [...at, "requestBody"]);
    const produces: string[] = [];
    const responses = isObject(op.responses)
      ? this.responses(op.responses, [...at, "responses"], produces)
      : undefined;
    let placedParams = false;
    const paramEntries = (): [string, unknown][] => {
      if (placedParams) return [];
      placedParams = true;
      const all = [...params, ...body.params];
      return all.length > 0 ? [["parameters", all]] : [];
    };
    rebuild(out, (k, v) => {
      if (k === "parameters") return paramEntries();
      if (k === "requestBody") {
        return [
          ...(body.consumes.length > 0 ? [["consumes", body.consumes] as [string, unknown]] : []),
          ...paramEntries(),
        ];
      }
      if (k === "responses") {
        return [...(produces.length > 0 ? [["produces", produces] as [string, unknown]] : []), [
          k,
          responses ?? v,
        ]];
      }
      if (k === "callbacks") {
        if (isObject(v) && Object.keys(v).length > 0) {
          this.critical([...at, k], "OpenAPI 2.0 has no callbacks; they are left out.", "convert-callbacks");
        }
        return [];
      }
      if (k === "servers") {
        this.step.add(
          "warning",
          [...at, k],
          "OpenAPI 2.0 operations have no servers; they are left out.",
          "convert-servers",
        );
        return [];
      }
      if (k === "security") return [[k, dropSchemes(v, this.removedSchemes)]];
      return undefined;
    });
    if (!placedParams) {
      const entries = paramEntries();
      for (const [k, v] of entries) out[k] = v;
    }
    return out;
  }

  pathItem(item: Record<string, unknown>, at: Segments): Record<string, unknown> {
    const out = { ...item };
    rebuild(out, (k, v) => {
      if (k === "parameters") {
        const list = this.parameters(v, [...at, k]);
        return list.length > 0 ? [[k, list]] : [];
      }
      if (METHODS.has(k) && isObject(v)) return [[k, this.operation(v, [...at, k])]];
      if (ALL_METHODS.has(k)) {
        this.critical(
          [...at, k],
          `OpenAPI 2.0 has no "${k}" operations; this one is left out.`,
          "convert-method",
        );
        return [];
      }
      if (k === "servers" || k === "summary" || k === "description") {
        this.step.add(
          "warning",
          [...at, k],
          `OpenAPI 2.0 path items have no "${k}"; it is left out.`,
          "convert-path-item-field",
        );
        return [];
      }
      return undefined;
    });
    return out;
  }

  components(c: Record<string, unknown>): [string, unknown][] {
    const step = this.step;
    const out: [string, unknown][] = [];
    for (const [section, v] of Object.entries(c)) {
      if (section.startsWith("x-")) {
        reportExtensions(step, { [section]: v }, ["components"], "components object");
        continue;
      }
      if (!isObject(v)) continue;
      const at = ["components", section];
      const move = MOVES.find((m) => m.from === section);
      if (move !== undefined) {
        const converted: Record<string, unknown> = {};
        for (const [name, entry] of Object.entries(v)) {
          const eAt = [...at, name];
          if (section === "securitySchemes" && (!isObject(entry) || typeof entry.$ref === "string")) {
            // 2.0 security definitions cannot be references.
            this.critical(
              eAt,
              "OpenAPI 2.0 security definitions cannot be references; this scheme and the requirements naming it are left out.",
              "convert-security-scheme",
            );
            this.removedSchemes.add(name);
          } else if (!isObject(entry) || typeof entry.$ref === "string") setMember(converted, name, entry);
          else if (section === "parameters") {
            if (entry.in === "cookie") {
              this.critical(
                eAt,
                "OpenAPI 2.0 has no cookie parameters; this one is left out.",
                "convert-cookie-parameter",
              );
            } else setMember(converted, name, parameter3to2(step, entry, eAt));
          } else if (section === "responses") setMember(converted, name, this.response(entry, eAt, []));
          else if (section === "securitySchemes") {
            const s = securityScheme3to2(step, entry, eAt);
            if (s === undefined) this.removedSchemes.add(name);
            else setMember(converted, name, s);
          } else setMember(converted, name, entry);
        }
        if (Object.keys(converted).length > 0) out.push([move.to, converted]);
        continue;
      }
      if (Object.keys(v).length === 0) continue;
      if (section === "requestBodies" || section === "headers" || section === "examples") {
        step.add(
          "info",
          at,
          `OpenAPI 2.0 has no reusable ${section}; each is copied where it is used.`,
          "convert-components-inlined",
        );
      } else {
        this.critical(
          at,
          `OpenAPI 2.0 has no reusable ${section}; they are left out.`,
          "convert-components-dropped",
        );
      }
    }
    return out;
  }
}

/** Converts a 3.0 document (the step's private copy) to 2.0. */
export function v3to2(step: Step): Record<string, unknown> {
  inlineUnplaceable(step.doc, step.from, (ref) => step.deref(ref));
  schemas3to2(step);
  const doc = step.doc;
  const c = new Converter(step);
  // Components first: they decide which security schemes and parameters are left out.
  const components = isObject(doc.components) ? c.components(doc.components) : [];
  const out = { ...doc };
  rebuild(out, (k, v) => {
    if (k === "openapi") return [["swagger", "2.0"]];
    if (k === "servers") return servers3to2(step, v);
    if (k === "components") return components;
    if (k === "security") return [[k, dropSchemes(v, c.removedSchemes)]];
    if (k === "paths" && isObject(v)) return [[k, mapPaths(v, (item, at) => c.pathItem(item, at))]];
    return undefined;
  });
  if (!("paths" in out)) out.paths = {};
  finishReferences(
    step,
    out,
    "2.0",
    MOVES.map((m) => ({ section: ["components", m.from], to: [m.to], kind: m.kind })),
    {},
    // Example Objects referred to from data (extensions, schema examples): their values, as 2.0 has no place.
    (holder, ref) => ref.startsWith("#/components/examples/") ? resolveExampleData(step, holder) : undefined,
  );
  return out;
}
