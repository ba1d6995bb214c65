/**
 * Escaping of document-supplied text for reports. A document's titles, descriptions, names and paths end up in
 * messages; printed raw, an ESC sequence could rewrite the reader's terminal, and a newline or carriage return
 * could forge report lines or GitHub workflow commands. Every text renderer passes such strings through
 * {@link escapeText}; the `github` renderer through {@link escapeWorkflowData} and {@link escapeWorkflowProperty}.
 *
 * @module
 */

// C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional overrides and
// isolates (which reorder what a terminal shows).
// deno-lint-ignore no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A string with every control character shown as an escape: newline, carriage return and tab as `\n`, `\r` and
 * `\t`, the others as `\u001b` and so on. Printable text (any script, emoji) is unchanged.
 *
 * @example
 * ```ts
 * import { escapeText } from "@oatool/cli/render";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(escapeText("Pets\x1b[2J\nforged line"), "Pets\\u001b[2J\\nforged line");
 * ```
 */
export function escapeText(text: string): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(
    UNSAFE,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

// Every control character but CR and LF (which the workflow-command rules encode): dropped.
const DROPPED =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Escapes the message of a GitHub Actions workflow command (`::error ...::<data>`): `%` as `%25`, CR as `%0D`,
 * LF as `%0A`; other control characters are dropped. A document cannot end the line and start a command of
 * its own.
 *
 * @example
 * ```ts
 * import { escapeWorkflowData } from "@oatool/cli/render";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(escapeWorkflowData("100%\n::error::x"), "100%25%0A::error::x");
 * ```
 */
export function escapeWorkflowData(text: string): string {
  return text.replace(DROPPED, "").replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/**
 * Escapes a property value of a workflow command (`file=`, `title=`): as {@link escapeWorkflowData}, and `:` as
 * `%3A` and `,` as `%2C`, so a value cannot end the property list or add properties.
 */
export function escapeWorkflowProperty(text: string): string {
  return escapeWorkflowData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
