/**
 * The schema of the policy file (`oatool.yaml`), written once as a JSON Schema (draft 2020-12): `oatool config
 * schema` prints it for editors, and {@link checkAgainst} validates loaded files against the same object, so the
 * published schema and the checks never disagree.
 *
 * @module
 */

import type { Preset, RuleSeverity } from "./types.ts";

/** A JSON Schema object of the subset {@link checkAgainst} understands. */
export interface SchemaNode {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  title?: string;
  description?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  enum?: readonly string[];
  const?: string | number;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
  required?: readonly string[];
  items?: boolean | SchemaNode;
  prefixItems?: readonly SchemaNode[];
  minItems?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  anyOf?: readonly SchemaNode[];
  default?: unknown;
}

/** The functions a declarative rule's `then` may name (`enum` is accepted as `enumeration`). */
export const RULE_FUNCTIONS = [
  "truthy",
  "falsy",
  "defined",
  "undefined",
  "pattern",
  "enumeration",
  "enum",
  "length",
  "casing",
] as const;

/** A function a declarative rule may name. */
export type RuleFunction = typeof RULE_FUNCTIONS[number];

/** The styles of the `casing` function. */
export const CASING_TYPES = ["flat", "camel", "pascal", "kebab", "cobol", "snake", "macro"] as const;

/** The presets `extends:` may name (anything else is a file). */
export const PRESETS: readonly Preset[] = ["recommended", "strict", "minimal"];

/** The severities a rule may be given (`off` switches it off). */
export const RULE_SEVERITIES: readonly RuleSeverity[] = ["error", "warning", "info", "off"];

const severity: SchemaNode = {
  title: "a severity (error, warning, info or off)",
  description: "The severity of the rule's findings; `off` switches the rule off.",
  type: "string",
  enum: RULE_SEVERITIES,
};

const path: SchemaNode = { type: "string", minLength: 1 };

const ignoreFields: Record<string, SchemaNode> = {
  rule: { ...path, description: "Id of the rule whose finding is accepted." },
  file: {
    ...path,
    description:
      "The file the finding is in, relative to the file that names it; omitted: the document validated.",
  },
  pointer: {
    type: "string",
    pattern: "^(/.*)?$",
    description: "RFC 6901 JSON pointer of the finding; findings below it are accepted too.",
  },
  hash: {
    type: "string",
    pattern: "^[0-9a-f]{8,64}$",
    description: "Short hash of the node's canonical JSON: the entry holds only while the node is unchanged.",
  },
};

// The `generate:` section: one key per flag of `oatool generate` (its long name), plus `input`; paths are
// relative to the file; flags given on the command line override it.
const flag = (description: string): SchemaNode => ({ type: "boolean", description });
const count = (description: string): SchemaNode => ({ type: "integer", minimum: 1, description });
const names = (description: string): SchemaNode => ({
  description: `${description} (names or globs with * and ?).`,
  type: "array",
  items: { type: "string", minLength: 1 },
});

/** The report formats `--report-format` accepts (the render layer's list; a test keeps the two equal). */
export const GENERATE_REPORT_FORMATS = [
  "text",
  "json",
  "yaml",
  "sarif",
  "github",
  "junit",
  "markdown",
] as const;

/** The schema of the `generate:` section. */
export const GENERATE_SECTION: SchemaNode = {
  title: "the generate section",
  description:
    "Settings of `oatool generate`: each key is one of its flags; command-line flags override them.",
  type: "object",
  additionalProperties: false,
  properties: {
    input: {
      type: "string",
      minLength: 1,
      description: "The document (path relative to this file, or URL).",
    },
    output: { type: "string", minLength: 1, description: "Output directory, relative to this file." },
    package: {
      type: "string",
      pattern: "^[a-z][a-z0-9_]*$",
      description: "Go package name: lower case letters and digits.",
    },
    client: flag("Generate the HTTP client."),
    "client-validate-responses": flag("The client checks each response against the document."),
    server: flag("Generate the server interface and handler."),
    types: flag("Generate the types (default true)."),
    "no-pointers": flag("No pointer types for optional fields."),
    "no-validation": flag("No validate tags on struct fields."),
    "source-map": flag("Include file:line:column positions in messages."),
    strict: flag("Fail on any generation issue."),
    "report-format": { type: "string", enum: GENERATE_REPORT_FORMATS, description: "Report format." },
    "no-warnings": flag("Leave warnings and info out of the issues."),
    "no-security": flag("Skip security_helpers.go."),
    "oauth2-flows": flag("OAuth2 token flow helpers."),
    "credential-mgmt": flag("Credential management interfaces."),
    "security-enforce": flag("Security enforcement middleware."),
    "oidc-discovery": flag("OpenID Connect discovery client."),
    "no-readme": flag("Skip README.md."),
    "no-clean": flag("Keep stale generated files."),
    "server-responses": flag("Typed response writers."),
    "server-binder": flag("Request parameter and body binding."),
    "server-middleware": flag("Request validation middleware."),
    "server-router": { type: "string", enum: ["stdlib", "chi"], description: "Router: stdlib or chi." },
    "server-stubs": flag("Stub implementation answering with examples."),
    "server-embed-spec": flag("Embed the document in the generated code."),
    "server-all": flag("All server extensions."),
    "max-lines-per-file": count("Most lines per file."),
    "max-types-per-file": count("Most types per file."),
    "max-ops-per-file": count("Most operations per file."),
    "split-by-tag": flag("Split large files by the operations' first tag."),
    "split-by-path": flag("Split large files by the first path segment."),
    "include-tags": names("Generate the operations with one of these tags"),
    "exclude-tags": names("Leave out the operations with one of these tags"),
    "include-operations": names("Generate these operations (operationId or METHOD /path)"),
    "exclude-operations": names("Leave out these operations"),
    "all-schemas": flag("Keep every schema, not only those the selected operations reach."),
    "types-only-from": names("Generate only the types reachable from these schemas, and no operation code"),
    "max-input-size": {
      description: "Largest document read, in bytes or with K, M, G.",
      anyOf: [{ type: "integer", minimum: 1 }, {
        type: "string",
        pattern: "^[0-9]{1,16}\\s*[KMGkmg]?([iI]?[Bb])?$",
      }],
    },
  },
};

/** The schema of `oatool.yaml`. */
export const CONFIG_SCHEMA: SchemaNode = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "oatool policy file (oatool.yaml)",
  description:
    "Rule severities, accepted findings, baselines, named APIs, presets and plugins for `oatool validate`, read " +
    "alike by the CLI, the library and the MCP server.",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string", description: "The schema this file follows (for editors)." },
    extends: {
      description:
        "Presets (recommended, strict, minimal) or files whose settings this file starts from, in order.",
      anyOf: [
        { $ref: "#/$defs/extendsItem" },
        { title: "a list of presets or files", type: "array", items: { $ref: "#/$defs/extendsItem" } },
      ],
    },
    rules: { $ref: "#/$defs/rules" },
    ignore: { $ref: "#/$defs/ignore" },
    baseline: {
      ...path,
      description: "The baseline file (written by `validate --generate-baseline`), relative to this file.",
    },
    plugins: {
      description: "Modules of custom rules, relative to this file. Loading one runs its code.",
      type: "array",
      items: path,
    },
    apis: {
      description: "Named entry points, each with its root document and its own rule overrides.",
      type: "object",
      propertyNames: { type: "string", pattern: "^[A-Za-z0-9_.@/-]+$" },
      additionalProperties: { $ref: "#/$defs/api" },
    },
    generate: { $ref: "#/$defs/generate" },
  },
  $defs: {
    generate: GENERATE_SECTION,
    extendsItem: {
      title: "a preset (recommended, strict, minimal) or a file",
      type: "string",
      minLength: 1,
    },
    severity,
    ruleSetting: {
      description:
        "A severity, `[severity, options]`, or an object (which may declare a rule with given/then).",
      anyOf: [
        severity,
        {
          title: "[severity, options]",
          type: "array",
          prefixItems: [severity, { type: "object", description: "The rule's options." }],
          items: false,
          minItems: 1,
        },
        { $ref: "#/$defs/ruleObject" },
      ],
    },
    ruleObject: {
      title: "a rule object",
      type: "object",
      additionalProperties: false,
      properties: {
        severity,
        options: { type: "object", description: "The rule's options." },
        description: { type: "string" },
        message: {
          type: "string",
          description:
            "Message of a declarative rule's findings; {{path}}, {{property}}, {{value}}, {{error}} " +
            "and {{description}} are replaced.",
        },
        given: {
          description: "Declarative rule: RFC 9535 JSONPath expression(s) selecting the nodes to check.",
          anyOf: [{ title: "a JSONPath", ...path }, {
            title: "a list of JSONPaths",
            type: "array",
            items: path,
          }],
        },
        then: {
          description:
            "Declarative rule: the check(s) on each selected node ({ field, function, functionOptions }).",
          anyOf: [
            { $ref: "#/$defs/check" },
            { title: "a list of checks", type: "array", items: { $ref: "#/$defs/check" }, minItems: 1 },
          ],
        },
      },
    },
    check: {
      title: "a check ({ field, function, functionOptions })",
      type: "object",
      additionalProperties: false,
      required: ["function"],
      properties: {
        field: {
          ...path,
          description:
            "The selected node's property to check (`@key`: each key; `$…`: a JSONPath from the node).",
        },
        function: {
          type: "string",
          enum: RULE_FUNCTIONS,
          description:
            "The check: truthy, falsy, defined, undefined, pattern, enumeration, length or casing.",
        },
        functionOptions: {
          type: "object",
          description: "The function's options (pattern: match/notMatch, …).",
        },
      },
    },
    rules: {
      description: "Rule id → severity (error, warning, info, off), [severity, options], or a rule object.",
      type: "object",
      propertyNames: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]*$" },
      additionalProperties: { $ref: "#/$defs/ruleSetting" },
    },
    ignoreEntry: {
      title: "an accepted finding",
      type: "object",
      additionalProperties: false,
      required: ["rule", "pointer", "reason"],
      properties: {
        ...ignoreFields,
        reason: { ...path, description: "Why the finding is accepted." },
      },
    },
    ignore: {
      description: "Findings accepted: each with its rule, file, JSON pointer and the reason.",
      type: "array",
      items: { $ref: "#/$defs/ignoreEntry" },
    },
    api: {
      title: "a named API",
      type: "object",
      additionalProperties: false,
      required: ["root"],
      properties: {
        root: { ...path, description: "The API's root document, relative to this file." },
        rules: { $ref: "#/$defs/rules" },
        ignore: { $ref: "#/$defs/ignore" },
        baseline: { ...path, description: "The API's own baseline file, relative to this file." },
      },
    },
  },
};

/** The schema of a baseline file (`validate --generate-baseline`); its definitions are the policy file's. */
export const BASELINE_SCHEMA: SchemaNode = {
  title: "oatool baseline",
  type: "object",
  additionalProperties: false,
  required: ["oatoolBaseline", "ignore"],
  properties: {
    oatoolBaseline: { type: "integer", const: 1, description: "Version of the baseline format." },
    ignore: {
      type: "array",
      items: {
        title: "a baseline entry",
        type: "object",
        additionalProperties: false,
        required: ["rule", "pointer", "hash"],
        properties: { ...ignoreFields, message: { type: "string", description: "The finding's message." } },
      },
    },
  },
  $defs: CONFIG_SCHEMA.$defs,
};

/** The policy file's schema as JSON Schema text (2-space indentation). */
export function configJsonSchema(): string {
  return JSON.stringify(CONFIG_SCHEMA, null, 2) + "\n";
}
