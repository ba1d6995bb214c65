/**
 * Version and build information. `scripts/compile.ts` stamps COMMIT and BUILT before compiling binaries; a run
 * from a checkout reports the values committed here.
 *
 * @module
 */
import denoJson from "../../deno.json" with { type: "json" };

/** The oatool version (from deno.json). */
export const VERSION: string = denoJson.version;
/** Source revision hash the binary was built from. */
export const COMMIT: string = "development";
/** When the binary was built (RFC 3339). */
export const BUILT: string = "1970-01-01T00:00:00Z";
