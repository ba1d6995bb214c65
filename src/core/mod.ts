/**
 * The core of oatool: the document model, loading (file, URL, standard input, content), format and version
 * detection, JSON pointers, source positions, `$ref` resolution, findings, errors, and writing documents.
 *
 * @module
 */
export * from "./errors.ts";
export * from "./version.ts";
export * from "./pointer.ts";
export * from "./finding.ts";
export * from "./types.ts";
export { formatFromName, parseText, sniffFormat } from "./parse_text.ts";
export { deepCopy } from "./data_tree.ts";
export type { DocumentFormat, ParsedText, ParseTextOptions } from "./parse_text.ts";
export { createSourceMap, formatPosition } from "./source_map.ts";
export type { SourceMap, SourcePosition } from "./source_map.ts";
export { createDefaultReader, defaultReader, redactUrl } from "../io/reader.ts";
export { createMemoryReader } from "../io/memory_reader.ts";
export type { DefaultReaderOptions, DocumentReader, ReadOptions } from "../io/reader.ts";
export {
  byteLength,
  describeInput,
  documentFromObject,
  isParseResult,
  loadDocument,
  loadStructured,
  toParseResult,
} from "../io/load.ts";
export { loadDocumentSet } from "../io/document_set.ts";
export type { DocumentSet, DocumentSetFile, LoadDocumentSetOptions } from "../io/document_set.ts";
export type {
  DocumentFromObjectOptions,
  InputSource,
  LoadDocumentOptions,
  LoadOptions,
  ParseResult,
  StructuredDocument,
} from "../io/load.ts";
export { computeStats, HTTP_METHODS, operationsOf } from "../refs/stats.ts";
export type { DocumentStats } from "../refs/stats.ts";
export { LIST_SCHEMA_KEYWORDS, MAP_SCHEMA_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from "./schema_keywords.ts";
export { resolveRefs } from "../io/load_refs.ts";
export type {
  ComponentEntry,
  RefEdge,
  RefIndex,
  RefIndexOptions,
  RefPlace,
  UnresolvedReason,
} from "../refs/ref_index.ts";
export type { OasKind } from "../walker/mod.ts";
export type {
  RefDocument,
  RefResolverOptions,
  RefRoot,
  ResolvedRef,
  ResolveRefsResult,
  UnresolvedRef,
} from "../io/load_refs.ts";
export { serializeDocument } from "./serialize.ts";
export { fileExists, writeDocument, writeFileAtomic, writeFilesInto } from "../io/write.ts";
export type { WriteDocumentOptions, WriteFileOptions } from "../io/write.ts";
export { ReadSet } from "./confine.ts";
export type { ReadFileIdentity, ReadRoot } from "./confine.ts";
export { treeSize } from "./tree_size.ts";
export type { TreeSize } from "./tree_size.ts";
export { MAX_DEPTH } from "./data_tree.ts";
export { BUILT, COMMIT, VERSION } from "./build_info.ts";
