/**
 * Where the API is: 2.0's `host`, `basePath` and `schemes` ↔ 3.x `servers`.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { parseTemplate } from "../core/path_template.ts";
import { isStringList, reportExtensions, type Step } from "./_context.ts";

/** The 3.x `servers` of a 2.0 document: one per scheme; no host gives a relative URL (and an info issue). */
export function servers2to3(step: Step, doc: Record<string, unknown>): Record<string, unknown>[] {
  const host = typeof doc.host === "string" ? doc.host : undefined;
  const basePath = typeof doc.basePath === "string" ? doc.basePath : "";
  const path = basePath === "/" ? "" : basePath;
  if (host === undefined || host === "") {
    step.add(
      "info",
      ["host"],
      `the document has no host; the server URL is the relative "${
        path || "/"
      }", resolved against where the ` +
        "document is served.",
      "convert-no-host",
    );
    return [{ url: path || "/" }];
  }
  let schemes = isStringList(doc.schemes) ? doc.schemes : [];
  if (schemes.length === 0) {
    step.add(
      "info",
      ["schemes"],
      'the document names no scheme; "https" is assumed for its server.',
      "convert-default-scheme",
    );
    schemes = ["https"];
  }
  return schemes.map((s) => ({ url: `${s}://${host}${path}` }));
}

/**
 * The 2.0 `host`, `basePath` and `schemes` of 3.x `servers`: the first server, its variables replaced by their
 * defaults; other servers are reported unless they differ only by scheme.
 */
export function servers3to2(step: Step, servers: unknown): [string, unknown][] {
  if (!Array.isArray(servers) || servers.length === 0) return [];
  const parsed = servers.map((s, i) => isObject(s) ? parseServer(step, s, i) : undefined);
  if (isObject(servers[0])) {
    reportExtensions(step, servers[0], ["servers", 0], "server");
    const vars = isObject(servers[0].variables) ? servers[0].variables : {};
    for (const [name, v] of Object.entries(vars)) {
      reportExtensions(step, v, ["servers", 0, "variables", name], "server variable");
    }
  }
  const first = parsed[0];
  if (first === undefined) return [];
  const schemes: string[] = first.scheme === undefined ? [] : [first.scheme];
  for (let i = 1; i < parsed.length; i++) {
    const p = parsed[i];
    if (p !== undefined && p.host === first.host && p.basePath === first.basePath && p.scheme !== undefined) {
      if (!schemes.includes(p.scheme)) schemes.push(p.scheme);
      continue;
    }
    step.add(
      "warning",
      ["servers", i],
      "OpenAPI 2.0 has one host and base path; this server is left out.",
      "convert-servers",
      "publish one 2.0 document per server if clients need them all.",
    );
  }
  const out: [string, unknown][] = [];
  if (first.host !== undefined) out.push(["host", first.host]);
  if (first.basePath !== "" && first.basePath !== "/") out.push(["basePath", first.basePath]);
  if (schemes.length > 0) out.push(["schemes", schemes]);
  return out;
}

interface ParsedServer {
  scheme?: string;
  host?: string;
  basePath: string;
}

function parseServer(step: Step, server: Record<string, unknown>, i: number): ParsedServer | undefined {
  if (typeof server.url !== "string") return undefined;
  let url = server.url;
  const vars = isObject(server.variables) ? server.variables : {};
  const parts = parseTemplate(url);
  if (parts.some((part) => part.kind === "expression")) {
    // Each `{name}` becomes its variable's default; stray braces stay as written.
    url = parts.map((part) => {
      if (part.kind === "text") return part.text;
      if (part.kind === "brace") return part.brace;
      const v = vars[part.name];
      return isObject(v) && v.default !== undefined ? String(v.default) : "";
    }).join("");
    if (i === 0) {
      step.add(
        "warning",
        ["servers", 0, "variables"],
        `OpenAPI 2.0 has no server variables; their defaults are used ("${url}").`,
        "convert-server-variables",
      );
    }
  }
  if (!isUrlReference(url)) {
    step.add(
      "warning",
      ["servers", i, "url"],
      `the server URL "${url}" is not a URL; it is left out${i === 0 ? " of host and basePath" : ""}.`,
      "convert-server-url",
    );
    return undefined;
  }
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/.exec(url);
  if (m !== null) {
    const scheme = m[1].toLowerCase();
    const known = ["http", "https", "ws", "wss"].includes(scheme);
    return { scheme: known ? scheme : undefined, host: m[2] || undefined, basePath: trimPath(m[3]) };
  }
  const rel = /^\/\/([^/?#]*)([^?#]*)/.exec(url);
  if (rel !== null) return { host: rel[1] || undefined, basePath: trimPath(rel[2]) };
  return { basePath: trimPath(url.replace(/[?#].*$/, "")) };
}

function trimPath(path: string): string {
  let p = path.startsWith("/") ? path : "/" + path;
  while (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p;
}

/**
 * Whether a server URL (variables already replaced) is a URL reference: absolute (`scheme://…`) and parsing, or
 * relative without a colon in its first segment (RFC 3986 4.2); never with spaces or backslashes.
 */
function isUrlReference(url: string): boolean {
  if (/[\s\\]/.test(url)) return false;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) {
    // A server is reached over a network: `scheme://host…`, never an opaque URI such as `urn:…`.
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(url)) return false;
    try {
      new URL(url);
      return true;
    } catch {
      return false;
    }
  }
  if (url.startsWith("//")) return URL.canParse("https:" + url);
  const first = url.split(/[/?#]/)[0];
  return !first.includes(":");
}
