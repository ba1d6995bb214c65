import { BUILT, COMMIT, VERSION } from "../core/build_info.ts";
import { defineCommand } from "./define_command.ts";
import type { Command } from "./types.ts";

/** Version and build information. */
export interface VersionInfo {
  /** oatool version. */
  version: string;
  /** Source revision hash. */
  commit: string;
  /** Build time (RFC 3339). */
  built: string;
  /** Deno runtime version (in place of the specification's `go`). */
  deno: string;
}

/** The version information of this build. */
export function versionInfo(): VersionInfo {
  return { version: VERSION, commit: COMMIT, built: BUILT, deno: Deno.version.deno };
}

/** `oatool version`. */
export const versionCommand: Command = defineCommand({
  name: "version",
  summary: "Show version and build information",
  usage: "version [--format text|json|yaml]",
  exitCodes: { 0: "the version was printed", 1: "a usage error" },
  flags: {
    format: {
      type: "string",
      default: "text",
      placeholder: "text|json|yaml",
      choices: ["text", "json", "yaml"],
      description: "Output format",
    },
  },
  maxArgs: 0,
  async run(ctx) {
    const info = versionInfo();
    const format = ctx.flags.format;
    if (format === "text") {
      ctx.io.stdout(
        `oatool v${info.version}\ncommit: ${info.commit}\nbuilt: ${info.built}\ndeno: ${info.deno}\n`,
      );
    } else if (format === "json") {
      ctx.io.stdout(JSON.stringify(info, null, 2) + "\n");
    } else {
      // The YAML writer is loaded only here, so that plain `oatool version` starts as fast as a bare script.
      const { serializeDocument } = await import("../core/serialize.ts");
      ctx.io.stdout(serializeDocument(info, "yaml"));
    }
    return 0;
  },
});
