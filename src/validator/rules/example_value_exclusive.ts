import type { Rule } from "../rule.ts";

/** A pair of Example Object fields that cannot be used together, with the sentence that says so. */
interface Exclusion {
  fields: [string, string];
  sentence: string;
}

const VALUE_EXTERNAL = "The `value` field and `externalValue` field are mutually exclusive.";

/**
 * The exclusions of a version: 3.0 and 3.1 have `value` and `externalValue`; 3.2 adds `dataValue` and
 * `serializedValue`, each with its own "MUST be absent".
 */
function exclusions(version: string): Exclusion[] {
  const out: Exclusion[] = [{ fields: ["value", "externalValue"], sentence: VALUE_EXTERNAL }];
  if (!version.startsWith("3.2.")) return out;
  out.push(
    {
      fields: ["dataValue", "value"],
      sentence: "dataValue: … If this field is present, `value` MUST be absent.",
    },
    {
      fields: ["serializedValue", "value"],
      sentence: "serializedValue: … If this field is present, `value`, and `externalValue` MUST be absent.",
    },
    {
      fields: ["serializedValue", "externalValue"],
      sentence: "serializedValue: … If this field is present, `value`, and `externalValue` MUST be absent.",
    },
  );
  return out;
}

/**
 * `example-value-exclusive` (3.x): an Example Object holds one example: `value` or `externalValue` (3.2: also
 * `dataValue` without `value`, and `serializedValue` without `value` or `externalValue`). The 3.1 and 3.2
 * schemas say it too; this finding, at the same place, replaces theirs with the sentence.
 */
export const exampleValueExclusive: Rule = {
  id: "example-value-exclusive",
  severity: "error",
  description:
    "Example Object: value and externalValue are mutually exclusive (3.2: dataValue, serializedValue too)",
  anchor: "example-object",
  versions: ["3.0", "3.1", "3.2"],
  create(ctx) {
    const rules = exclusions(ctx.version);
    return {
      example(example, at) {
        if (typeof example.$ref === "string") return;
        for (const { fields: [a, b], sentence } of rules) {
          if (!Object.hasOwn(example, a) || !Object.hasOwn(example, b)) continue;
          ctx.report(
            at.path,
            `"${a}" and "${b}" cannot be used together; the specification ${ctx.version} says: "${sentence}"`,
          );
        }
      },
    };
  },
};
