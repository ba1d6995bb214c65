/**
 * Naming for the joiner: rename templates (a safe subset of Go's `text/template`), operation-aware rename
 * context with primary-operation policies, and semantic deduplication.
 *
 * A rename asks one object for the new name:
 *
 * ```ts
 * import { SchemaNamer } from "./naming.ts";
 * const namer = new SchemaNamer({ renameTemplate: "{{.Name}}_{{.Source}}" }); // compiles now
 * const doc = { openapi: "3.1.0", paths: {}, components: { schemas: { Pet: { type: "object" } } } };
 * const { name } = namer.newName({
 *   name: "Pet", source: "specs/store-v2.yaml", index: 1, document: doc, oasVersion: "3.1",
 *   isRight: true, taken: (n) => n === "Pet",
 * });
 * // name === "Pet_store_v2"
 * ```
 *
 * Fallback rules of {@link SchemaNamer.newName} (deterministic; each applied case adds to the warning):
 * 1. An empty result is replaced by `<Name>_<Source>` (`<Name>_<Index>` when Source is empty).
 * 2. A result that is not a valid component name (`^[a-zA-Z0-9._-]+$`, applied to every OAS version) has each
 *    run of other characters replaced by `_` (leading and trailing `_` dropped); if nothing is left, rule 1.
 * 3. A name that is still taken (or equals the original name) gets the first free suffix `_2`, `_3`, ….
 *
 * @module
 */

import { CollisionError, type OASVersion, UsageError } from "../core/mod.ts";
import {
  type CompiledTemplate,
  compileTemplate,
  pathResource,
  RENAME_FUNCS,
  TemplateError,
  type TemplateType,
} from "../template/mod.ts";
import { OperationGraph, type PrimaryOperationPolicy } from "./_operation_context.ts";

export { TemplateError } from "../template/mod.ts";
export type { TemplateErrorDetails, TemplateType } from "../template/mod.ts";
export type { PrimaryOperationPolicy, UsageType } from "./_operation_context.ts";
export { applySemanticDedup, findSemanticDuplicates } from "./_semantic_dedup.ts";
export type { SemanticDedupResult } from "./_semantic_dedup.ts";

/** The primary operation policies, in the order of the specification. */
export const PRIMARY_OPERATION_POLICIES: readonly PrimaryOperationPolicy[] = [
  "first",
  "most-specific",
  "alphabetical",
];

/** The default rename template. */
export const DEFAULT_RENAME_TEMPLATE = "{{.Name}}_{{.Source}}";

/**
 * The data of a rename template (Go-style capitalised field names, as templates use them). Core fields are
 * always set; operation and aggregate fields only for schemas of right-hand documents when operation context
 * is on and some operation uses the schema — otherwise they are `""`, `[]`, `0` or `false`.
 *
 * In contexts made by {@link SchemaNamer.context} the aggregate fields (`AllPaths` … `IsShared`) are
 * enumerable getters computed on first read and then fixed, because collecting every operation that reaches a
 * widely shared schema costs more than the rest of the context; a template that does not use them does not
 * pay for them. Reading, spreading or serializing the object works as for plain data.
 */
export interface RenameContext {
  /** Original schema name. */
  Name: string;
  /** Source file name without extension, sanitized ({@link sanitizeSource}). */
  Source: string;
  /** Document index, 0-based. */
  Index: number;
  /** Path of the primary operation (`webhook:<name>` for webhooks, `<parent>-><callback>:<expression>` for callbacks). */
  Path: string;
  /** HTTP method of the primary operation, lower case. */
  Method: string;
  /** Operation id of the primary operation, or `""`. */
  OperationID: string;
  /** Tags of the primary operation. */
  Tags: string[];
  /** `request`, `response`, `parameter`, `header` or `callback`; `""` without operation context. */
  UsageType: string;
  /** Response status code (response and header uses). */
  StatusCode: string;
  /** Parameter name (parameter uses, 2.0 body parameters) or header name (header uses). */
  ParamName: string;
  /** Media type of the use. */
  MediaType: string;
  /** First non-parameter segment of Path. */
  PrimaryResource: string;
  /** All paths whose operations use the schema, each once, in document order. */
  AllPaths: string[];
  /** All methods, each once, in document order. */
  AllMethods: string[];
  /** All non-empty operation ids, each once, in document order. */
  AllOperationIDs: string[];
  /** All tags, each once, sorted. */
  AllTags: string[];
  /** Number of uses by operations (a schema used in two responses of one operation counts twice). */
  RefCount: number;
  /** True when more than one operation (path + method) uses the schema. */
  IsShared: boolean;
}

/** Template types of the {@link RenameContext} fields. */
export const RENAME_CONTEXT_FIELDS: Readonly<Record<keyof RenameContext, TemplateType>> = {
  Name: "string",
  Source: "string",
  Index: "int",
  Path: "string",
  Method: "string",
  OperationID: "string",
  Tags: "strings",
  UsageType: "string",
  StatusCode: "string",
  ParamName: "string",
  MediaType: "string",
  PrimaryResource: "string",
  AllPaths: "strings",
  AllMethods: "strings",
  AllOperationIDs: "strings",
  AllTags: "strings",
  RefCount: "int",
  IsShared: "bool",
};

/** Configuration of a {@link SchemaNamer}. */
export interface SchemaNamerConfig {
  /** Go text/template producing the new name. @default "{{.Name}}_{{.Source}}" */
  renameTemplate?: string;
  /** Fill operation and aggregate fields for right-hand documents. @default false */
  operationContext?: boolean;
  /** Which operation is primary when several use a schema. @default "first" */
  primaryOperationPolicy?: PrimaryOperationPolicy;
}

/** One naming request: a schema to rename and where it comes from. */
export interface NameRequest {
  /** The schema's name in its own document. */
  name: string;
  /** File path, URL or label of the schema's document. */
  source: string;
  /** 0-based index of the document among the inputs. */
  index: number;
  /** The (original, pre-merge) document the schema comes from. */
  document: Record<string, unknown>;
  /** Version family of that document. */
  oasVersion: OASVersion;
  /** Whether the document is a right-hand (incoming) one: only these get operation fields. */
  isRight: boolean;
  /** Whether a name is already used in the merged document. */
  taken: (candidate: string) => boolean;
}

/** Result of {@link SchemaNamer.newName}. */
export interface NewName {
  /** The new, valid, free name. */
  name: string;
  /** The data the template saw. */
  context: RenameContext;
  /** What the template produced, before any fallback. */
  generated: string;
  /** Set when a fallback rule was applied: why, and what was used instead. */
  warning?: string;
}

const VALID_NAME = /^[a-zA-Z0-9._-]+$/;
const MAX_SUFFIX = 100_000;

/**
 * Sanitizes a document's source for the `Source` field: the last path segment of a file path or URL (query
 * and fragment dropped), without its extension, with each run of characters other than ASCII letters, digits
 * and `_` replaced by `_`, and leading/trailing `_` removed. `specs/pet-store.v2.yaml` → `pet_store_v2`.
 */
export function sanitizeSource(source: string): string {
  let s = source.replace(/[?#].*$/s, "");
  s = s.replace(/[\\/]+$/, "");
  const slash = Math.max(s.lastIndexOf("/"), s.lastIndexOf("\\"));
  s = s.slice(slash + 1);
  const dot = s.lastIndexOf(".");
  if (dot > 0) s = s.slice(0, dot);
  return s.replace(/[^A-Za-z0-9_]+/g, "_").replace(/_+/g, "_").replace(/^_+|_+$/g, "");
}

function sanitizeName(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, "_").replace(/^_+|_+$/g, "");
}

function coreContext(req: NameRequest): RenameContext {
  return {
    Name: req.name,
    Source: sanitizeSource(req.source),
    Index: req.index,
    Path: "",
    Method: "",
    OperationID: "",
    Tags: [],
    UsageType: "",
    StatusCode: "",
    ParamName: "",
    MediaType: "",
    PrimaryResource: "",
    AllPaths: [],
    AllMethods: [],
    AllOperationIDs: [],
    AllTags: [],
    RefCount: 0,
    IsShared: false,
  };
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * Produces new schema names from the rename template. The template is compiled by the constructor, so a
 * syntax error, unknown field or unknown function is reported before any join starts.
 */
export class SchemaNamer {
  /** The rename template in use. */
  readonly renameTemplate: string;
  /** Whether operation fields are filled. */
  readonly operationContext: boolean;
  /** The primary operation policy. */
  readonly primaryOperationPolicy: PrimaryOperationPolicy;
  private readonly template: CompiledTemplate;

  /**
   * Creates it.
   *
   * @throws {TemplateError} when the template is invalid (message quotes it and gives line and column).
   * @throws {UsageError} when the primary operation policy is not one of first, most-specific, alphabetical.
   */
  constructor(config: SchemaNamerConfig = {}) {
    this.renameTemplate = config.renameTemplate ?? DEFAULT_RENAME_TEMPLATE;
    this.operationContext = config.operationContext ?? false;
    const policy = config.primaryOperationPolicy ?? "first";
    if (!PRIMARY_OPERATION_POLICIES.includes(policy)) {
      throw new UsageError(
        `Unknown primary operation policy ${JSON.stringify(policy)}; use one of ${
          PRIMARY_OPERATION_POLICIES.join(", ")
        }.`,
      );
    }
    this.primaryOperationPolicy = policy;
    this.template = compileTemplate(this.renameTemplate, {
      fields: RENAME_CONTEXT_FIELDS,
      funcs: RENAME_FUNCS,
      typeName: "RenameContext",
      label: "rename template",
    });
  }

  /**
   * The template data for a schema. Operation and aggregate fields are filled only when operation context is
   * on, the document is a right-hand one, and operations use the schema (directly or through other schemas).
   * The reference graph of a document is built on first use and cached for the document object.
   */
  context(req: NameRequest): RenameContext {
    const ctx = coreContext(req);
    if (!this.operationContext || !req.isRight) return ctx;
    const graph = OperationGraph.of(req.document, req.oasVersion);
    const primary = graph.primary(req.name, this.primaryOperationPolicy);
    if (!primary) return ctx;
    ctx.Path = primary.path;
    ctx.Method = primary.method;
    ctx.OperationID = primary.operationId;
    ctx.Tags = [...primary.tags];
    ctx.UsageType = primary.usageType;
    ctx.StatusCode = primary.statusCode;
    ctx.ParamName = primary.paramName;
    ctx.MediaType = primary.mediaType;
    ctx.PrimaryResource = pathResource(primary.path);
    const name = req.name;
    const lazy = <K extends keyof RenameContext>(key: K, compute: () => RenameContext[K]): void => {
      Object.defineProperty(ctx, key, {
        enumerable: true,
        configurable: true,
        get(): RenameContext[K] {
          const value = compute();
          Object.defineProperty(ctx, key, { value, enumerable: true, writable: true, configurable: true });
          return value;
        },
      });
    };
    const uses = () => graph.lineage(name);
    lazy("AllPaths", () => unique(uses().map((u) => u.path)));
    lazy("AllMethods", () => unique(uses().map((u) => u.method)));
    lazy("AllOperationIDs", () => unique(uses().map((u) => u.operationId).filter((id) => id !== "")));
    lazy("AllTags", () => unique(uses().flatMap((u) => u.tags)).sort());
    lazy("RefCount", () => uses().length);
    lazy("IsShared", () => new Set(uses().map((u) => `${u.method} ${u.path}`)).size > 1);
    return ctx;
  }

  /**
   * Evaluates the template for a schema and returns a valid name that is not taken, applying the fallback
   * rules of this module (with a warning) when the result is empty, invalid or taken.
   *
   * @throws {TemplateError} when the template fails while running (for example `index .Tags 0` on no tags).
   * @throws {CollisionError} when no free suffix is found (the `taken` callback rejects every candidate).
   */
  newName(req: NameRequest): NewName {
    const context = this.context(req);
    let generated: string;
    try {
      generated = this.template.execute(context as unknown as Parameters<CompiledTemplate["execute"]>[0]);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      throw new TemplateError(`${error.detail} while renaming schema '${req.name}' from '${req.source}'`, {
        template: this.renameTemplate,
        offset: error.offset,
      });
    }
    const notes: string[] = [];
    const fallback = (): string => {
      const base = `${context.Name}_${context.Source === "" ? String(context.Index) : context.Source}`;
      return VALID_NAME.test(base) ? base : sanitizeName(base) || `schema_${context.Index}`;
    };
    let name = generated;
    if (name === "") {
      name = fallback();
      notes.push(`the rename template gave an empty name; used '${name}'`);
    } else if (!VALID_NAME.test(name)) {
      name = sanitizeName(name) || fallback();
      notes.push(
        `the rename template gave '${generated}', which is not a valid component name; used '${name}'`,
      );
    }
    const isTaken = (n: string): boolean => n === req.name || req.taken(n);
    if (isTaken(name)) {
      let i = 2;
      while (isTaken(`${name}_${i}`)) {
        if (++i > MAX_SUFFIX) {
          throw new CollisionError(
            `No free name found for schema '${req.name}' from '${req.source}' after ${MAX_SUFFIX} attempts; ` +
              `change the rename template.`,
          );
        }
      }
      notes.push(`'${name}' is already taken; used '${name}_${i}'`);
      name = `${name}_${i}`;
    }
    const result: NewName = { name, context, generated };
    if (notes.length > 0) result.warning = `schema '${req.name}' from '${req.source}': ${notes.join("; ")}`;
    return result;
  }
}

/**
 * Checks a rename template without creating a namer.
 *
 * @throws {TemplateError} when the template is invalid.
 */
export function validateRenameTemplate(template: string): void {
  new SchemaNamer({ renameTemplate: template });
}
