/**
 * `oatool config schema`: the policy file's JSON Schema (draft 2020-12), the same definition the policy file is
 * checked against, for editors (YAML language servers, VS Code's json.schemas) to complete and check it.
 *
 * @module
 */
import { configJsonSchema } from "../config/mod.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

const schemaCommand: Command = defineCommand({
  name: "schema",
  summary: "Print the JSON Schema of the policy file (oatool.yaml)",
  usage: "config schema",
  exitCodes: { 0: "the schema was printed", 1: "a usage error" },
  description:
    `Prints the JSON Schema (draft 2020-12) of the policy file oatool.yaml to standard output: the same
definition oatool checks the file against. Save it and point your editor at it, for example with the comment
"# yaml-language-server: $schema=oatool.schema.json" on the first line of oatool.yaml.`,
  flags: {},
  maxArgs: 0,
  run(ctx) {
    ctx.io.stdout(configJsonSchema());
    return Promise.resolve(0);
  },
});

/** `oatool config` with the subcommand `schema`. */
export const configCommand: Command = {
  name: "config",
  summary: "The policy file (oatool.yaml): print its JSON Schema",
  usage: "config <schema>",
  exitCodes: { 0: "success", 1: "a missing or unknown subcommand" },
  flags: [],
  subcommands: [schemaCommand],
};
