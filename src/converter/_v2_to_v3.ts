/**
 * OpenAPI 2.0 → 3.0: servers from host, components from the 2.0 sections (every reference rewritten with
 * core's reference rewriting), request bodies from body and form parameters, response content per media type,
 * parameter schemas and styles, security schemes, discriminators.
 *
 * @module
 */
import { deepEqual, isObject } from "../core/json.ts";
import { componentRef, type SectionRenames } from "../refs/rename.ts";
import { parsePointer } from "../core/pointer.ts";
import { HTTP_METHODS } from "../walker/mod.ts";
import {
  extensions,
  isStringList,
  mapPaths,
  rebuild,
  type Segments,
  setMember,
  type Step,
} from "./_context.ts";
import { parameter2to3, styleOf, valueSchema } from "./_parameters.ts";
import { schema2to3 } from "./_schema.ts";
import { securityScheme2to3 } from "./_security.ts";
import { servers2to3 } from "./_servers.ts";
import { finishReferences } from "./_pointers.ts";

const DEFAULT_MEDIA = ["application/json"];
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const METHODS = new Set(HTTP_METHODS["2.0"]);

/** The 2.0 sections and where 3.x keeps them, with the rule id of the issue saying so. */
const SECTIONS: readonly { from: string; to: string; kind: SectionRenames["kind"]; rule: string }[] = [
  { from: "definitions", to: "schemas", kind: "schema", rule: "convert-definitions-moved" },
  { from: "parameters", to: "parameters", kind: "other", rule: "convert-parameters-moved" },
  { from: "responses", to: "responses", kind: "other", rule: "convert-responses-moved" },
  {
    from: "securityDefinitions",
    to: "securitySchemes",
    kind: "security",
    rule: "convert-security-definitions-moved",
  },
];

class Converter {
  readonly step: Step;
  readonly consumes: string[];
  readonly produces: string[];
  constructor(step: Step) {
    this.step = step;
    const doc = step.doc;
    this.consumes = isStringList(doc.consumes) && doc.consumes.length > 0 ? doc.consumes : DEFAULT_MEDIA;
    this.produces = isStringList(doc.produces) && doc.produces.length > 0 ? doc.produces : DEFAULT_MEDIA;
  }

  /** The name of a body or form parameter component a `$ref` names (`#/parameters/X`), if any. */
  componentName(ref: unknown): string | undefined {
    if (!isObject(ref) || typeof ref.$ref !== "string") return undefined;
    if (!ref.$ref.startsWith("#/parameters/")) return undefined;
    let fragment = ref.$ref.slice(1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch { /* as written */ }
    const segments = parsePointer(fragment);
    return segments?.length === 2 ? segments[1] : undefined;
  }

  requestBody(p: Record<string, unknown>, consumes: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (p.description !== undefined) out.description = p.description;
    const content: Record<string, unknown> = {};
    for (const ct of consumes) content[ct] = { schema: p.schema ?? {} };
    out.content = content;
    if (p.required === true) out.required = true;
    if (typeof p.name === "string" && p.name !== "body") out["x-codegen-request-body-name"] = p.name;
    for (const [k, v] of extensions(p)) setMember(out, k, v);
    return out;
  }

  formBody(
    form: { p: Record<string, unknown>; at: Segments }[],
    consumes: readonly string[],
  ): Record<string, unknown> {
    const step = this.step;
    const anyFile = form.some(({ p }) => p.type === "file");
    let types = consumes.filter((c) => c === FORM || c === MULTIPART || c.startsWith(MULTIPART + ";"));
    if (types.length === 0) types = [anyFile ? MULTIPART : FORM];
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    const encoding: Record<string, unknown> = {};
    for (const { p, at } of form) {
      const name = String(p.name);
      const schema: Record<string, unknown> = {};
      if (p.description !== undefined) schema.description = p.description;
      Object.assign(schema, valueSchema(step, p, at));
      for (const [k, v] of extensions(p)) setMember(schema, k, v);
      setMember(properties, name, schema);
      if (p.required === true) required.push(name);
      if (p.type === "array") {
        const style = styleOf(step, p.collectionFormat, "formData", [...at, "collectionFormat"]);
        if (style.length > 0) setMember(encoding, name, Object.fromEntries(style));
      }
    }
    const schema: Record<string, unknown> = { type: "object", properties };
    if (required.length > 0) schema.required = required;
    const content: Record<string, unknown> = {};
    for (const ct of types) {
      const media: Record<string, unknown> = { schema };
      if (Object.keys(encoding).length > 0) media.encoding = encoding;
      content[ct] = media;
    }
    const out: Record<string, unknown> = { content };
    if (required.length > 0) out.required = true;
    return out;
  }

  response(r: Record<string, unknown>, produces: readonly string[], at: Segments): Record<string, unknown> {
    if (typeof r.$ref === "string") return r;
    const out = { ...r };
    const examples = isObject(r.examples) ? r.examples : {};
    const content: Record<string, Record<string, unknown>> = {};
    if (r.schema !== undefined) { for (const ct of produces) content[ct] = { schema: r.schema }; }
    for (const [ct, example] of Object.entries(examples)) {
      if (!/^[^\s/]+\/[^\s/]+$/.test(ct.split(";")[0].trim())) {
        this.step.add(
          "warning",
          [...at, "examples", ct],
          `response examples are keyed by media type, and "${ct}" is not one; this example is left out.`,
          "convert-response-examples",
        );
        continue;
      }
      content[ct] ??= r.schema === undefined ? {} : { schema: r.schema };
      content[ct].example = example;
    }
    let placed = false;
    const place = (): [string, unknown][] => {
      if (placed || Object.keys(content).length === 0) return [];
      placed = true;
      return [["content", content]];
    };
    rebuild(out, (k, v) => {
      if (k === "schema" || k === "examples") return place();
      if (k === "headers" && isObject(v)) {
        const headers: Record<string, unknown> = {};
        for (const [name, h] of Object.entries(v)) {
          setMember(headers, name, isObject(h) ? parameter2to3(this.step, h, [...at, "headers", name]) : h);
        }
        return [[k, headers]];
      }
      return undefined;
    });
    return out;
  }

  responses(rs: Record<string, unknown>, produces: readonly string[], at: Segments): Record<string, unknown> {
    const out = { ...rs };
    rebuild(
      out,
      (k, v) =>
        !k.startsWith("x-") && isObject(v) ? [[k, this.response(v, produces, [...at, k])]] : undefined,
    );
    return out;
  }

  operation(
    op: Record<string, unknown>,
    at: Segments,
    inherited: { p: Record<string, unknown>; raw: unknown; at: Segments }[],
  ): Record<string, unknown> {
    const step = this.step;
    const consumes = isStringList(op.consumes) && op.consumes.length > 0 ? op.consumes : this.consumes;
    const produces = isStringList(op.produces) && op.produces.length > 0 ? op.produces : this.produces;
    const params: unknown[] = [];
    let body: { p: Record<string, unknown>; raw: unknown } | undefined;
    const form: { p: Record<string, unknown>; at: Segments }[] = [];
    const own = Array.isArray(op.parameters) ? op.parameters : [];
    // The operation's own parameters by name and place, and as written: one look-up each, not a scan.
    const ownKeys = new Set<string>();
    for (const o of own) {
      const d = step.deref(o);
      if (d !== undefined) ownKeys.add(paramKey(d));
    }
    const ownRaw = new Set<unknown>(own);
    const entries = [
      ...own.map((raw, i) => ({ raw, at: [...at, "parameters", i] as Segments })),
      ...inherited.filter((h) => !ownKeys.has(paramKey(h.p))),
    ];
    const formNames = new Set<string>();
    for (const { raw, at: pAt } of entries) {
      const p = step.deref(raw);
      if (p === undefined) {
        params.push(raw);
        continue;
      }
      if (p.in === "body") body ??= { p, raw };
      else if (p.in === "formData") {
        if (!formNames.has(String(p.name))) form.push({ p, at: pAt });
        formNames.add(String(p.name));
      } else if (ownRaw.has(raw)) params.push(raw === p ? parameter2to3(step, p, pAt) : raw);
    }
    let requestBody: Record<string, unknown> | undefined;
    if (body !== undefined) {
      const name = this.componentName(body.raw);
      requestBody = name !== undefined && deepEqual(consumes, this.consumes)
        ? { $ref: componentRef(["components", "requestBodies"], name) }
        : this.requestBody(body.p, consumes);
    } else if (form.length > 0) requestBody = this.formBody(form, consumes);
    const out = { ...op };
    let placedBody = false;
    const bodyEntry = (): [string, unknown][] => {
      if (placedBody || requestBody === undefined) return [];
      placedBody = true;
      return [["requestBody", requestBody]];
    };
    rebuild(out, (k, v) => {
      if (k === "consumes" || k === "produces") return [];
      if (k === "parameters") {
        return [...(params.length > 0 ? [[k, params] as [string, unknown]] : []), ...bodyEntry()];
      }
      if (k === "responses" && isObject(v)) {
        return [...bodyEntry(), [k, this.responses(v, produces, [...at, k])]];
      }
      if (k === "schemes") return this.operationServers(v, [...at, k]);
      return undefined;
    });
    if (!placedBody && requestBody !== undefined) out.requestBody = requestBody;
    return out;
  }

  /** Operations without a host to name: their schemes could not be kept. */
  schemelessOperations = 0;

  /**
   * An operation's `schemes` as its `servers`: nothing when they are the document's, servers on the document's
   * host otherwise; without a host there is no URL to give them (counted, reported once).
   */
  operationServers(schemes: unknown, at: Segments): [string, unknown][] {
    const doc = this.step.doc;
    if (!isStringList(schemes) || deepEqual(schemes, doc.schemes)) return [];
    if (typeof doc.host !== "string" || doc.host === "") {
      if (this.schemelessOperations++ === 0) this.firstSchemeless = at;
      return [];
    }
    const base = typeof doc.basePath === "string" && doc.basePath !== "/" ? doc.basePath : "";
    return [["servers", schemes.map((scheme) => ({ url: `${scheme}://${doc.host}${base}` }))]];
  }

  /** Where the first operation whose schemes could not be kept is. */
  firstSchemeless: Segments = [];

  pathItem(item: Record<string, unknown>, at: Segments): Record<string, unknown> {
    const step = this.step;
    const out = { ...item };
    const inherited: { p: Record<string, unknown>; raw: unknown; at: Segments }[] = [];
    const shared: unknown[] = [];
    if (Array.isArray(item.parameters)) {
      item.parameters.forEach((raw, i) => {
        const p = step.deref(raw);
        const pAt = [...at, "parameters", i];
        if (p !== undefined && (p.in === "body" || p.in === "formData")) inherited.push({ p, raw, at: pAt });
        else shared.push(p === raw && p !== undefined ? parameter2to3(step, p, pAt) : raw);
      });
    }
    rebuild(out, (k, v) => {
      if (k === "parameters") return shared.length > 0 ? [[k, shared]] : [];
      if (METHODS.has(k) && isObject(v)) return [[k, this.operation(v, [...at, k], inherited)]];
      return undefined;
    });
    return out;
  }

  components(doc: Record<string, unknown>): Record<string, unknown> {
    const step = this.step;
    const out: Record<string, unknown> = {};
    for (const section of SECTIONS) {
      const map = doc[section.from];
      if (!isObject(map)) continue;
      step.add(
        "info",
        [section.from],
        `"${section.from}" moves to "components.${section.to}"; references to it are rewritten.`,
        section.rule,
      );
      const converted: Record<string, unknown> = {};
      const bodies: Record<string, unknown> = {};
      for (const [name, v] of Object.entries(map)) {
        const at = [section.from, name];
        if (!isObject(v) || typeof v.$ref === "string") {
          setMember(converted, name, v);
        } else if (section.from === "parameters") {
          if (v.in === "body") setMember(bodies, name, this.requestBody(v, this.consumes));
          else if (v.in === "formData") {
            step.add(
              "info",
              at,
              "OpenAPI 3 has no form parameters; this one becomes a property of each request body using it.",
              "convert-form-parameter-inlined",
            );
          } else setMember(converted, name, parameter2to3(step, v, at));
        } else if (section.from === "responses") {
          setMember(converted, name, this.response(v, this.produces, at));
        } else if (section.from === "securityDefinitions") setMember(converted, name, securityScheme2to3(v));
        else setMember(converted, name, v);
      }
      if (Object.keys(converted).length > 0 || section.from !== "parameters") out[section.to] = converted;
      if (Object.keys(bodies).length > 0) out.requestBodies = bodies;
    }
    return out;
  }
}

/** A parameter's identity: its name and place (two parameters with both equal are the same). */
function paramKey(p: Record<string, unknown>): string {
  return `${typeof p.in}:${String(p.in)}\0${typeof p.name}:${String(p.name)}`;
}

/** Converts a 2.0 document (the step's private copy) to 3.0 with the given version string. */
export function v2to3(step: Step, version: string): Record<string, unknown> {
  const doc = step.doc;
  const c = new Converter(step);
  const out = { ...doc };
  const hostKeys = new Set(["host", "basePath", "schemes"]);
  const sectionKeys = new Set(SECTIONS.map((s) => s.from));
  let servers = false;
  let components = false;
  const serverEntry = (): [string, unknown][] => {
    if (servers) return [];
    servers = true;
    return [["servers", servers2to3(step, doc)]];
  };
  rebuild(out, (k, v) => {
    if (k === "swagger") return [["openapi", version]];
    if (hostKeys.has(k)) return serverEntry();
    if (k === "info") {
      return Object.keys(doc).some((key) => hostKeys.has(key)) ? undefined : [[k, v], ...serverEntry()];
    }
    if (k === "consumes" || k === "produces") return [];
    if (k === "paths" && isObject(v)) return [[k, mapPaths(v, (item, at) => c.pathItem(item, at))]];
    if (sectionKeys.has(k)) {
      if (components) return [];
      components = true;
      return [["components", c.components(doc)]];
    }
    return undefined;
  });
  if (!servers) {
    rebuild(out, (k, v) => k === "openapi" ? [[k, v], ...serverEntry()] : undefined);
  }
  if (c.schemelessOperations > 0) {
    step.add(
      "info",
      c.firstSchemeless,
      `${c.schemelessOperations} operation(s) name schemes, but the document has no host to build server URLs ` +
        "from; the document's servers apply to them.",
      "convert-operation-schemes",
    );
  }
  finishReferences(
    step,
    out,
    "3.0",
    SECTIONS.map((s) => ({ section: [s.from], to: ["components", s.to], kind: s.kind })),
    // The schemas are converted in the same walk of the output (2.0 → 3.0 schema changes report nothing, and
    // each is the same wherever a schema stands).
    { schema: (node) => schema2to3(node) },
  );
  return out;
}
