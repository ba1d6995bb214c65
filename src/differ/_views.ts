/**
 * Version-neutral views of the parts the comparison reads, so that 2.0 and 3.x documents go through the same
 * checks: a 2.0 body parameter is a request body whose media types are the operation's `consumes`, a 2.0
 * response schema is content in each of `produces`, a 2.0 non-body parameter or header is its own schema.
 *
 * @module
 */
import { isObject, type Obj } from "../core/json.ts";
import { templateParams } from "../core/path_template.ts";
import { PARAMETER_VALUE_FIELDS } from "../core/schema_keywords.ts";
import { type Place, type Side, under } from "./_context.ts";

/** One media type: the object, its place, and the place and value of its schema. */
export interface MediaView {
  /** The Media Type Object (or an object holding only the schema, for 2.0). */
  value: Obj;
  /** Its place. */
  at: Place;
  /** The schema. */
  schema: unknown;
  /** The schema's place. */
  schemaAt: Place;
}

/** A 2.0 parameter or header seen as the schema it describes (its schema fields only). */
export function simpleSchema(o: Obj): Obj {
  const out: Obj = {};
  for (const k of PARAMETER_VALUE_FIELDS) if (Object.hasOwn(o, k)) out[k] = o[k];
  return out;
}

/** Media types of a list (`consumes`, `produces`) of an operation or the document; 2.0 defaults to JSON. */
function mediaTypes(side: Side, op: Obj, field: "consumes" | "produces"): string[] {
  const list = op[field] ?? side.document[field];
  return Array.isArray(list) && list.length > 0
    ? list.filter((x): x is string => typeof x === "string")
    : ["application/json"];
}

/** The content of a request body, response or content-described parameter, keyed by media type. */
export function contentOf(value: Obj, at: Place): Map<string, MediaView> {
  const out = new Map<string, MediaView>();
  const content = value.content;
  if (!isObject(content)) return out;
  for (const mt of Object.keys(content)) {
    const m = isObject(content[mt]) ? content[mt] as Obj : {};
    const mAt = under(at, "content", mt);
    out.set(mt.toLowerCase(), { value: m, at: mAt, schema: m.schema, schemaAt: under(mAt, "schema") });
  }
  return out;
}

/** A request body: required, description, its place and content. */
export interface BodyView {
  /** The Request Body Object (or the 2.0 body parameter). */
  value: Obj;
  /** Its place. */
  at: Place;
  /** Its media types. */
  content: Map<string, MediaView>;
}

/** The request body of an operation (3.x `requestBody`, 2.0 `in: body` parameter). */
export function requestBodyOf(
  side: Side,
  op: Obj,
  opAt: Place,
  params: readonly ParamView[],
): BodyView | undefined {
  if (side.version !== "2.0") {
    if (op.requestBody === undefined) return undefined;
    const r = side.resolve(op.requestBody, under(opAt, "requestBody"));
    const value = isObject(r.value) ? r.value : {};
    return { value, at: r.at, content: contentOf(value, r.at) };
  }
  const body = params.find((p) => p.value.in === "body");
  if (body === undefined) return undefined;
  const content = new Map<string, MediaView>();
  for (const mt of mediaTypes(side, op, "consumes")) {
    content.set(mt.toLowerCase(), {
      value: {},
      at: body.at,
      schema: body.value.schema,
      schemaAt: under(body.at, "schema"),
    });
  }
  return { value: body.value, at: body.at, content };
}

/** A response: its place and content (2.0: the schema in each `produces` media type). */
export function responseContentOf(side: Side, op: Obj, response: Obj, at: Place): Map<string, MediaView> {
  if (side.version !== "2.0") return contentOf(response, at);
  const out = new Map<string, MediaView>();
  if (response.schema === undefined) return out;
  for (const mt of mediaTypes(side, op, "produces")) {
    out.set(mt.toLowerCase(), { value: {}, at, schema: response.schema, schemaAt: under(at, "schema") });
  }
  return out;
}

/** A parameter after references: its object, its place, its key (`in` + name; path parameters by position). */
export interface ParamView {
  /** The Parameter Object. */
  value: Obj;
  /** Its place. */
  at: Place;
  /** Key: `query:limit`, `header:x-id` (lower-case), `path#0` (the first variable of the template). */
  key: string;
}

/**
 * The parameters of an operation: the path item's, overridden by the operation's with the same name and
 * place, references followed; path parameters keyed by their position in the template.
 */
export function parametersOf(
  side: Side,
  item: Obj,
  itemAt: Place,
  op: Obj,
  opAt: Place,
  template: string,
): ParamView[] {
  const vars = templateParams(template);
  const byKey = new Map<string, ParamView>();
  for (const [holder, at] of [[item, itemAt], [op, opAt]] as const) {
    if (!Array.isArray(holder.parameters)) continue;
    holder.parameters.forEach((raw, i) => {
      const r = side.resolve(raw, under(at, "parameters", i));
      if (!isObject(r.value)) return;
      const p = r.value;
      const name = String(p.name);
      const place = String(p.in);
      let key: string;
      if (place === "path") {
        const index = vars.indexOf(name);
        key = index >= 0 ? `path#${index}` : `path:${name}`;
      } else key = `${place}:${place === "header" ? name.toLowerCase() : name}`;
      byKey.delete(key);
      byKey.set(key, { value: p, at: r.at, key });
    });
  }
  return [...byKey.values()];
}
