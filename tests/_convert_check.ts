/**
 * Shared checks of the convert tests (issue 31): a converted output validates for its target with no error its
 * input lacked (per rule, no more than the input's count), by oatool and, when npm is at hand, by swagger-parser
 * (installed into /tmp by scripts/swagger_parser_check.ts; skipped with one line otherwise).
 */
import assert from "node:assert/strict";
import { documentFromObject } from "../src/core/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { installSwaggerParser, swaggerParserValidateDocuments } from "../scripts/swagger_parser_check.ts";

function ruleCounts(errors: readonly { rule?: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of errors) m.set(e.rule ?? "", (m.get(e.rule ?? "") ?? 0) + 1);
  return m;
}

/** Asserts that `output` has no validation error `input` lacked (per rule). */
export async function assertNoNewErrors(input: object, output: object, label: string): Promise<void> {
  const before = ruleCounts((await validate(documentFromObject(input, { validateStructure: false }))).errors);
  const errors = (await validate(documentFromObject(output, { validateStructure: false }))).errors;
  for (const [rule, n] of ruleCounts(errors)) {
    assert.ok(
      n <= (before.get(rule) ?? 0),
      `${label}: ${n} "${rule}" errors, the input had ${before.get(rule) ?? 0}: ${
        errors.filter((e) => e.rule === rule).slice(0, 3).map((e) => `${e.path}: ${e.message}`).join("; ")
      }`,
    );
  }
}

let why: string | undefined | null = null;

/** Why swagger-parser checks are skipped (printed once), or undefined when it is installed. */
export async function swaggerParserSkipped(): Promise<string | undefined> {
  if (why === null) {
    why = await installSwaggerParser();
    if (why !== undefined) console.warn(why);
  }
  return why;
}

/**
 * Asserts that swagger-parser accepts every output whose input it accepts (3.2 inputs, which it does not read,
 * count as accepted). Does nothing when swagger-parser is not installable.
 */
export async function assertSwaggerParserAccepts(
  pairs: readonly { label: string; input: unknown; output: unknown }[],
): Promise<void> {
  if (await swaggerParserSkipped() !== undefined) return;
  const is32 = (d: unknown) =>
    typeof (d as { openapi?: unknown }).openapi === "string" &&
    (d as { openapi: string }).openapi.startsWith("3.2");
  const inputs = await swaggerParserValidateDocuments(pairs.map((p) => is32(p.input) ? {} : p.input));
  const outputs = await swaggerParserValidateDocuments(pairs.map((p) => p.output));
  pairs.forEach((p, i) => {
    if (!is32(p.input) && !inputs[i].ok) return;
    assert.ok(
      outputs[i].ok,
      `${p.label}: swagger-parser refuses the output: ${outputs[i].error?.split("\n")[0]}`,
    );
  });
}
