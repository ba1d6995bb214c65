/**
 * The operations of a document as the emitters need them: found with the typed walker (paths, every method of
 * the version including 3.2's `query` and `additionalOperations`, referenced Path Items), parameters merged
 * from the Path Item and the operation with `$ref`s resolved, the request body and the responses typed by the
 * {@link TypeModel}.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { Walker } from "../walker/mod.ts";
import { type PathItemOperation, pathItemOperations } from "../refs/stats.ts";
import { goName, NameRegistry } from "./naming.ts";
import type { TypeModel } from "./type_model.ts";
import { GO_READER, goNilable, goPointer, type GoType } from "./go_type.ts";
import { pathPatternProblem } from "./go_regexp.ts";
import { pathParamNames } from "./path_params.ts";
import { followedObject, followRef, type RefObject } from "./follow_ref.ts";
import { boolExt, goNameExt, SKIP_POINTER } from "./extensions.ts";

/** A parameter of an operation. */
export interface GoParam {
  /** Name in the document. */
  name: string;
  /** `path`, `query`, `header` or `cookie`. */
  in: string;
  /** Field of the request struct. */
  field: string;
  /** Go type of the field (pointer included). */
  type: GoType;
  /** Whether the parameter is required. */
  required: boolean;
  /** Arrays as one value per occurrence (`form` + explode, 2.0 `multi`). */
  explode: boolean;
  /** Separator between array items in one value. */
  sep: string;
  /** Prefix of a path value (`label` `.`, `matrix` `;name=`). */
  prefix: string;
  /** A query parameter in the `deepObject` style: `name[property]=value` for each property or map key. */
  deepObject?: boolean;
  /** The parameter's schema as written (2.0: the parameter object itself), `$ref`s not followed. */
  schema: unknown;
  /** Where the parameter object is. */
  at: (string | number)[];
}

/** How a body is encoded. */
export type BodyEncoding = "json" | "form" | "multipart" | "raw";

/** The request body of an operation. */
export interface GoBody {
  /** Encoding. */
  encoding: BodyEncoding;
  /** Media type sent. */
  contentType: string;
  /** Go type of the body (not a pointer; `io.Reader` for raw bodies). */
  type: GoType;
  /** Whether the body is required. */
  required: boolean;
  /** The body's schema as written (`$ref`s not followed); undefined when none. */
  schema: unknown;
  /** Where the schema is. */
  at: (string | number)[];
}

/** One response of an operation. */
export interface GoResponse {
  /** Status code as written (`200`, `2XX`, `default`). */
  status: string;
  /** Field of the response struct holding the decoded JSON body, when the response has one. */
  field?: string;
  /** Go type of the decoded body. */
  type?: GoType;
  /** Media type of the JSON body. */
  contentType?: string;
  /** Description. */
  description: string;
  /** The Response Object, its `$ref` followed. */
  response: Record<string, unknown>;
  /** The schema of the JSON body as written, when the response has one. */
  schema?: unknown;
  /** Where the Response Object is. */
  at: (string | number)[];
}

/** An operation. */
export interface GoOperation {
  /** Go method name. */
  name: string;
  /** HTTP method in upper case. */
  method: string;
  /** Path template. */
  path: string;
  /** operationId when present. */
  operationId?: string;
  /** Summary or description. */
  doc: string;
  /** Deprecated. */
  deprecated: boolean;
  /** First tag, "" when none. */
  tag: string;
  /** Request struct name. */
  requestType: string;
  /** Response struct name. */
  responseType: string;
  /** Parameters in document order (path-level first). */
  params: GoParam[];
  /** Request body. */
  body?: GoBody;
  /** Responses in document order. */
  responses: GoResponse[];
  /** Where it is (`["paths", "/pets", "get"]`). */
  at: (string | number)[];
  /** The Operation Object. */
  operation: Record<string, unknown>;
  /**
   * Its security requirements: the operation's `security`, else the document's; `[]` when none apply. Any one
   * requirement suffices; within one, every scheme is needed.
   */
  security: Record<string, string[]>[];
}

interface RawOp {
  path: string;
  method: string;
  op: Record<string, unknown>;
  item: Record<string, unknown>;
  at: (string | number)[];
}

/**
 * Finds the operations of the document of `index` (in document order): those under `paths`, then those of the
 * Path Items that `paths` refers to (in the order of the references), each at the path that refers to it. The
 * walker finds the Path Items; their operations are the walker's list ({@link pathItemOperations}).
 */
function findOperations(index: RefIndex, doc: unknown): RawOp[] {
  const found: RawOp[] = [];
  const version = index.oasVersion;
  const rootKey = index.rootKey;
  // Operations are all that is needed here: the walk goes into neither them, nor schemas, nor components.
  const skip = (_node: Record<string, unknown>, at: Walker) => at.skip();
  const walker = new Walker(version, [{
    pathItem: (item, at) => {
      at.skip();
      // A referenced Path Item is walked where it lives: its operations are placed at the path referring to it.
      const via = at.via;
      let p: (string | number)[];
      if (via === undefined) {
        p = at.path;
      } else {
        if (via.file !== rootKey || via.expected !== "pathItem" || via.path.length !== 2) return;
        p = [...via.path, ...at.path.slice(via.target.length)];
      }
      if (p[0] !== "paths" || p.length !== 2) return;
      for (
        const { method, operation, additional } of inDocumentOrder(item, pathItemOperations(item, version))
      ) {
        const opAt = additional ? [...p, "additionalOperations", method] : [...p, method];
        found.push({ path: String(p[1]), method: method.toUpperCase(), op: operation, item, at: opAt });
      }
    },
    components: skip,
    schema: skip,
  }], {
    follow: (ref, file) => {
      const r = index.follow(ref, file);
      return r.ok ? { file: r.file, segments: r.segments, value: r.value } : undefined;
    },
    pathItemsPerPath: true,
  });
  walker.walkDocument(doc, rootKey);
  return found;
}

/**
 * The operations of a Path Item in the order its fields are written: 3.2's `additionalOperations` where that
 * field stands rather than last (operation names are taken in this order, so the generated files stay as they
 * were).
 */
function inDocumentOrder(item: Record<string, unknown>, ops: PathItemOperation[]): PathItemOperation[] {
  const additional = ops.filter((o) => o.additional);
  if (additional.length === 0) return ops;
  const fixed = new Map(ops.filter((o) => !o.additional).map((o) => [o.method, o]));
  const out: PathItemOperation[] = [];
  for (const key of Object.keys(item)) {
    if (key === "additionalOperations") out.push(...additional);
    else {
      const o = fixed.get(key);
      if (o !== undefined) out.push(o);
    }
  }
  return out;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b|^\*\/\*$/i;

/** Builds the operation model, declaring request and response types in `model`. */
export function buildOperations(index: RefIndex, doc: unknown, model: TypeModel): GoOperation[] {
  const opNames = new NameRegistry();
  const out: GoOperation[] = [];
  const v2 = index.oasVersion === "2.0";
  const root = isObject(doc) ? doc : {};
  for (const raw of findOperations(index, doc)) {
    const { op, item, at } = raw;
    // Go's regexp refuses a path of millions of characters ("expression too large"): it would panic at start-up.
    const tooLong = pathPatternProblem(raw.path);
    if (tooLong !== undefined) {
      model.issue(
        "warning",
        at,
        `the path template (${raw.path.length} characters) cannot be matched with Go's regexp (${tooLong}); the operation is left out.`,
        "generate-path",
      );
      continue;
    }
    const opId = typeof op.operationId === "string" && op.operationId !== "" ? op.operationId : undefined;
    // x-go-name (oapi-codegen's extension) names the operation instead of its operationId.
    const wanted = goNameExt(op, at, model.report);
    const name = opNames.take(
      wanted ?? goName(opId ?? `${raw.method} ${raw.path.replace(/[{}]/g, " ")}`, "Operation"),
    );
    if (wanted !== undefined && name !== wanted) {
      model.issue(
        "warning",
        [...at, "x-go-name"],
        `x-go-name "${wanted}" is taken; ${name} is used.`,
        "generate-extension",
      );
    }
    const fieldNames = new NameRegistry(["HTTPRequest", "Body"]);
    const params: GoParam[] = [];
    let body: GoBody | undefined;
    const formProps: Record<string, unknown> = {};
    const formRequired: string[] = [];
    let multipart = false;
    const merged = new Map<string, [Record<string, unknown>, (string | number)[]]>();
    for (const [holder, base] of [[item, at.slice(0, 2)], [op, at]] as const) {
      if (!Array.isArray(holder.parameters)) continue;
      holder.parameters.forEach((p, i) => {
        const r = followRef(index, p);
        if (!r.ok) {
          model.issue(
            "warning",
            [...base, "parameters", i],
            `parameter reference "${(p as RefObject).$ref}" cannot be resolved; the parameter is left out.`,
            "generate-ref",
          );
          return;
        }
        const value = r.value;
        if (!isObject(value) || typeof value.name !== "string" || typeof value.in !== "string") return;
        merged.set(`${value.in}\0${value.name}`, [value, [...base, "parameters", i]]);
      });
    }
    for (const [p, pAt] of merged.values()) {
      const pin = p.in as string;
      const pname = p.name as string;
      if (pin === "body") {
        const u = model.use(p.schema, [...pAt, "schema"], `${name} Body`);
        body = {
          encoding: "json",
          contentType: "application/json",
          type: u.type,
          required: p.required === true,
          schema: p.schema,
          at: [...pAt, "schema"],
        };
        continue;
      }
      if (pin === "formData") {
        if (p.type === "file") multipart = true;
        formProps[pname] = p.type === "file" ? { type: "string", format: "binary" } : p;
        if (p.required === true) formRequired.push(pname);
        continue;
      }
      if (!["path", "query", "header", "cookie"].includes(pin)) continue;
      let schema: unknown = v2 ? p : p.schema;
      if (!v2 && schema === undefined && isObject(p.content)) {
        model.issue(
          "info",
          pAt,
          `parameter "${pname}" is described by content; it is sent as a string.`,
          "generate-param-content",
        );
        schema = { type: "string" };
      }
      const u = model.use(schema, [...pAt, ...(v2 ? [] : ["schema"])], `${name} ${pname}`);
      const required = pin === "path" || p.required === true;
      const pointer = !required && !goNilable(u.type) && model.options.pointers &&
        (boolExt(p, SKIP_POINTER, pAt, model.report) ?? u.schema[SKIP_POINTER]) !== true;
      const ser = serialization(p, v2);
      if (ser.unsupported) {
        model.issue(
          "info",
          pAt,
          `parameter "${pname}" uses style "${ser.unsupported}", which is sent as "form".`,
          "generate-param-style",
        );
      }
      params.push({
        name: pname,
        in: pin,
        field: fieldNames.take(goNameExt(p, pAt, model.report) ?? goName(pname, "Param")),
        type: pointer ? goPointer(u.type) : u.type,
        required,
        explode: ser.explode,
        sep: ser.sep,
        prefix: ser.prefix,
        ...(ser.deepObject ? { deepObject: true } : {}),
        schema,
        at: pAt,
      });
    }
    for (const pname of pathParamNames(raw.path)) {
      if (!params.some((p) => p.in === "path" && p.name === pname)) {
        model.issue(
          "warning",
          at,
          `path parameter "${pname}" of ${raw.path} is not declared; the client sends "{${pname}}" as written.`,
          "generate-path-param",
        );
      }
    }
    if (Object.keys(formProps).length > 0) {
      const consumes = Array.isArray(op.consumes)
        ? op.consumes
        : Array.isArray(root.consumes)
        ? root.consumes
        : [];
      if (consumes.includes("multipart/form-data")) multipart = true;
      const formSchema = { type: "object", properties: formProps, required: formRequired };
      const u = model.use(formSchema, [...at, "parameters"], `${name} Form`);
      body = {
        encoding: multipart ? "multipart" : "form",
        contentType: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded",
        type: u.type,
        required: formRequired.length > 0,
        schema: formSchema,
        at: [...at, "parameters"],
      };
    }
    if (!v2 && op.requestBody !== undefined) {
      body = requestBody(index, model, op.requestBody, [...at, "requestBody"], name);
    }
    const responses = buildResponses(index, model, op.responses, [...at, "responses"], name, v2);
    out.push({
      name,
      method: raw.method,
      path: raw.path,
      operationId: opId,
      doc: typeof op.summary === "string"
        ? op.summary
        : typeof op.description === "string"
        ? op.description
        : "",
      deprecated: op.deprecated === true,
      tag: Array.isArray(op.tags) && typeof op.tags[0] === "string" ? op.tags[0] : "",
      requestType: model.names.take(`${name}Request`),
      responseType: model.names.take(`${name}Response`),
      params,
      body,
      responses,
      at,
      operation: op,
      security: securityOf(op.security ?? root.security),
    });
  }
  return out;
}

function serialization(
  p: Record<string, unknown>,
  v2: boolean,
): { explode: boolean; sep: string; prefix: string; deepObject?: boolean; unsupported?: string } {
  if (v2) {
    const cf = typeof p.collectionFormat === "string" ? p.collectionFormat : "csv";
    const sep = cf === "ssv" ? " " : cf === "tsv" ? "\t" : cf === "pipes" ? "|" : ",";
    return { explode: cf === "multi", sep, prefix: "" };
  }
  const pin = p.in as string;
  const style = typeof p.style === "string"
    ? p.style
    : pin === "query" || pin === "cookie"
    ? "form"
    : "simple";
  const explode = typeof p.explode === "boolean" ? p.explode : style === "form";
  const name = p.name as string;
  switch (style) {
    case "label":
      return { explode: false, sep: explode ? "." : ",", prefix: "." };
    case "matrix":
      return { explode: false, sep: explode ? `;${name}=` : ",", prefix: `;${name}=` };
    case "spaceDelimited":
      return { explode, sep: " ", prefix: "" };
    case "pipeDelimited":
      return { explode, sep: "|", prefix: "" };
    case "form":
    case "simple":
      return { explode: pin === "query" || pin === "cookie" ? explode : false, sep: ",", prefix: "" };
    case "deepObject":
      // Defined for query parameters only, exploded (the only form the specification defines).
      if (pin === "query") return { explode: true, sep: ",", prefix: "", deepObject: true };
  }
  return { explode, sep: ",", prefix: "", unsupported: style };
}

function requestBody(
  index: RefIndex,
  model: TypeModel,
  raw: unknown,
  at: (string | number)[],
  name: string,
): GoBody | undefined {
  const rb = followedObject(index, raw);
  if (rb === undefined || !isObject(rb.content)) return undefined;
  const types = Object.keys(rb.content);
  const pick = types.find((t) => JSON_MEDIA.test(t) && t !== "*/*") ??
    types.find((t) => /^application\/x-www-form-urlencoded\b/i.test(t)) ??
    types.find((t) => /^multipart\/form-data\b/i.test(t)) ?? types[0];
  if (pick === undefined) return undefined;
  const media = rb.content[pick];
  const schema = isObject(media) ? media.schema : undefined;
  const required = rb.required === true;
  const mAt = [...at, "content", pick, "schema"];
  if (JSON_MEDIA.test(pick) && pick !== "*/*") {
    return {
      encoding: "json",
      contentType: pick,
      type: model.use(schema, mAt, `${name} Body`).type,
      required,
      schema,
      at: mAt,
    };
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(pick) || /^multipart\/form-data\b/i.test(pick)) {
    const u = model.use(schema, mAt, `${name} Form`);
    if (u.type.kind === "named" && model.decl(u.type.name)?.kind === "struct") {
      const encoding = pick.startsWith("multipart") ? "multipart" : "form";
      return { encoding, contentType: pick, type: u.type, required, schema, at: mAt };
    }
    model.issue(
      "info",
      mAt,
      `the ${pick} body of ${name} is not an object schema; it is sent as raw bytes.`,
      "generate-body",
    );
  }
  return {
    encoding: "raw",
    contentType: pick === "*/*" ? "application/octet-stream" : pick,
    type: GO_READER,
    required,
    schema,
    at: mAt,
  };
}

function buildResponses(
  index: RefIndex,
  model: TypeModel,
  raw: unknown,
  at: (string | number)[],
  name: string,
  v2: boolean,
): GoResponse[] {
  if (!isObject(raw)) return [];
  const out: GoResponse[] = [];
  const fields = new NameRegistry(["StatusCode", "Header", "Body", "HTTPResponse"]);
  for (const [status, value] of Object.entries(raw)) {
    if (status.startsWith("x-")) continue;
    if (!/^(?:[1-5](?:\d\d|XX)|default)$/i.test(status)) continue;
    const resp = followedObject(index, value);
    if (resp === undefined) continue;
    const description = typeof resp.description === "string" ? resp.description : "";
    const label = status.toLowerCase() === "default" ? "Default" : status.toUpperCase();
    let schema: unknown;
    let contentType: string | undefined;
    let sAt: (string | number)[] = [];
    if (v2) {
      if (resp.schema !== undefined) {
        schema = resp.schema;
        contentType = "application/json";
        sAt = [...at, status, "schema"];
      }
    } else if (isObject(resp.content)) {
      const pick = Object.keys(resp.content).find((t) => JSON_MEDIA.test(t));
      const media = pick === undefined ? undefined : resp.content[pick];
      if (pick !== undefined && isObject(media)) {
        schema = media.schema;
        contentType = pick === "*/*" ? "application/json" : pick;
        sAt = [...at, status, "content", pick, "schema"];
      }
    }
    const rAt = [...at, status];
    if (contentType === undefined) {
      out.push({ status, description, response: resp, at: rAt });
      continue;
    }
    const u = model.use(schema, sAt, `${name} ${label} Response Body`);
    out.push({
      status,
      description,
      contentType,
      type: u.type,
      field: fields.take(`JSON${label}`),
      response: resp,
      schema,
      at: rAt,
    });
  }
  return out;
}

/** Security requirements as written (`[]` for none or a malformed value). */
function securityOf(raw: unknown): Record<string, string[]>[] {
  if (!Array.isArray(raw)) return [];
  const out: Record<string, string[]>[] = [];
  for (const req of raw) {
    if (!isObject(req)) continue;
    const r: Record<string, string[]> = {};
    for (const [scheme, scopes] of Object.entries(req)) {
      r[scheme] = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === "string") : [];
    }
    out.push(r);
  }
  return out;
}
