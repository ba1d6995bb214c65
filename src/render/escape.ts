/**
 * Escaping of document-supplied text for reports: the one implementation lives in core (`src/core/escape.ts`),
 * so that every floor can escape what it prints; the renderers' entry keeps its names.
 *
 * @module
 */
export { escapeText, escapeWorkflowData, escapeWorkflowProperty } from "../core/escape.ts";
