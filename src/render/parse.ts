/**
 * The summary `oatool parse` prints. A pure function; document text is escaped.
 *
 * @module
 */
import type { DocumentSummary } from "../bundler/mod.ts";
import { escapeText } from "./escape.ts";

/** Longest description shown, in characters. */
const DESCRIPTION_WIDTH = 200;

/** A description on one line: white space collapsed, cut at 200 characters with `…`. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_WIDTH ? flat.slice(0, DESCRIPTION_WIDTH - 1) + "…" : flat;
}

/** `Document Type`, `Title`, `Description` (one line), `Version`, `Servers` and `Paths` lines. */
export function renderParseSummary(s: DocumentSummary): string {
  return `Document Type: ${escapeText(s.documentType)}\nTitle: ${escapeText(s.title)}\n` +
    (s.description ? `Description: ${escapeText(oneLine(s.description))}\n` : "") +
    `Version: ${escapeText(s.apiVersion)}\nServers: ${s.serverCount}\nPaths: ${s.pathCount}\n`;
}
