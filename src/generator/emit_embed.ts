/**
 * The `--server-embed-spec` emitter: the source document written unchanged next to the code as
 * `server_embed_spec.json` (or `.yaml`, as the source was) and embedded with `//go:embed` by
 * `server_embed.go`, which declares `OpenAPISpec()` (a copy of the bytes), `OpenAPISpecMediaType` and
 * `SpecHandler()`, an http.Handler serving the document with its content type, an ETag computed when the code
 * was generated (conditional requests answered 304) and `Cache-Control: no-cache` (clients revalidate).
 *
 * A data file and `go:embed` rather than a string constant: on GitHub's 13 MB description the constant makes a
 * 16 MB Go file that gofmt and the compiler must read (see the README's figures); the embedded file costs
 * neither, and the bytes served are the source's own.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { goString } from "./go_writer.ts";
import type { GeneratedFile } from "./split.ts";
import { goFile, unit } from "./unit.ts";
import type { EmitContext } from "./context.ts";

/** Name of the Go file of the embedded document. */
export const EMBED_GO_FILE = "server_embed.go";

/** The embedded document's file name for a source format. */
export function embedDataFile(format: string): string {
  return format === "yaml" ? "server_embed_spec.yaml" : "server_embed_spec.json";
}

/** The entity tag of an embedded document: its SHA-256's first 128 bits in hex, quoted. */
export function embedETag(data: string | Uint8Array): string {
  return `"${createHash("sha256").update(data).digest("hex").slice(0, 32)}"`;
}

/**
 * The data file a generated `server_embed.go` embeds and the entity tag it declares for it. The data file
 * cannot carry the generated header (JSON has no comments, and its bytes are served as the source's), so this
 * is what shows it ours: the tag is its hash, unless someone edited it since.
 */
export function embeddedData(source: string): { file: string; etag: string } | undefined {
  const file = /^\/\/go:embed (server_embed_spec\.(?:json|yaml))\r?$/m.exec(source)?.[1];
  const etag = /^const openAPISpecETag = "\\"([0-9a-f]{32})\\""\r?$/m.exec(source)?.[1];
  return file === undefined || etag === undefined ? undefined : { file, etag: `"${etag}"` };
}

/** `server_embed.go` and the document's data file. */
export function emitEmbed(ctx: EmitContext): GeneratedFile[] {
  const parsed = ctx.parsed;
  const yaml = parsed.format === "yaml" && parsed.text !== "";
  const text = parsed.text !== "" ? parsed.text : JSON.stringify(parsed.document, null, 2) + "\n";
  const dataFile = embedDataFile(yaml ? "yaml" : "json");
  const mediaType = yaml ? "application/yaml" : "application/json";
  const etag = embedETag(text);
  const names = ctx.model.names;
  const spec = names.take("OpenAPISpec");
  const media = names.take("OpenAPISpecMediaType");
  const handler = names.take("SpecHandler");
  const u = unit("", 0);
  for (const i of ["bytes", "embed", "net/http", "time"]) u.imports.add(i);
  const w = u.w;
  w.comment([`${media} is the media type of the embedded OpenAPI document.`]);
  w.line(`const ${media} = ${goString(mediaType)}`);
  w.line();
  w.comment([
    "openAPISpecETag is the entity tag of the embedded document (its hash, computed at generation).",
  ]);
  w.line(`const openAPISpecETag = ${goString(etag)}`);
  w.line();
  w.comment(["openAPISpecData is the embedded document (shared: never modified)."]);
  w.line("//");
  w.line(`//go:embed ${dataFile}`);
  w.line("var openAPISpecData []byte");
  w.line();
  w.comment([
    `${spec} returns a copy of the OpenAPI document the package was generated from, byte for byte as the`,
    `source was (its media type is ${media}).`,
  ]);
  w.open(`func ${spec}() []byte {`);
  w.line("return append([]byte(nil), openAPISpecData...)");
  w.close();
  w.line();
  w.comment([
    `${handler} serves the embedded OpenAPI document to GET and HEAD requests with its content type, an`,
    "ETag (If-None-Match answered with 304) and Cache-Control no-cache; other methods get 405.",
  ]);
  w.open(`func ${handler}() http.Handler {`);
  w.open("return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {");
  w.open("if r.Method != http.MethodGet && r.Method != http.MethodHead {");
  w.line(`w.Header().Set("Allow", "GET, HEAD")`);
  w.line(`http.Error(w, "method not allowed", http.StatusMethodNotAllowed)`);
  w.line("return");
  w.close();
  w.line(`w.Header().Set("Content-Type", ${media})`);
  w.line(`w.Header().Set("ETag", openAPISpecETag)`);
  w.line(`w.Header().Set("Cache-Control", "no-cache")`);
  w.line(`http.ServeContent(w, r, ${goString(dataFile)}, time.Time{}, bytes.NewReader(openAPISpecData))`);
  w.close("})");
  w.close();
  return [
    // `embed` is imported for its directive only (a blank import).
    { name: EMBED_GO_FILE, content: goFile(ctx.packageName, [u]).replace('\t"embed"\n', '\t_ "embed"\n') },
    { name: dataFile, content: text },
  ];
}
