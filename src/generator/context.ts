/**
 * What every emitter of an optional file (the server extensions and the security extras) is given: the
 * package, the reference index, the type model, the operations, the document and the resolved options.
 *
 * @module
 */
import type { ParseResult } from "../io/load.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import type { GoOperation } from "./operations.ts";
import type { TypeModel } from "./type_model.ts";

/** The options of one run with every default applied and `serverAll` expanded. */
export interface ResolvedOptions {
  /** Generate `client.go`. */
  client: boolean;
  /** Generate `server.go`. */
  server: boolean;
  /** The client validates each response against the document (`--client-validate-responses`). */
  clientValidateResponses: boolean;
  /** Optional fields as pointers. */
  pointers: boolean;
  /** `validate` tags on fields. */
  validation: boolean;
  /** `security_helpers.go` with the client. */
  securityHelpers: boolean;
  /** `server_responses.go`. */
  serverResponses: boolean;
  /** `server_binder.go`. */
  serverBinder: boolean;
  /** `server_middleware.go`. */
  serverMiddleware: boolean;
  /** `server_router.go` with this router, or undefined for none. */
  serverRouter?: "stdlib" | "chi";
  /** `server_stubs.go`. */
  serverStubs: boolean;
  /** The document embedded in the package. */
  serverEmbedSpec: boolean;
  /** `{scheme}_oauth2.go` per OAuth2 scheme. */
  oauth2Flows: boolean;
  /** `credentials.go`. */
  credentialMgmt: boolean;
  /** `security_enforce.go`. */
  securityEnforce: boolean;
  /** `oidc_discovery.go`. */
  oidcDiscovery: boolean;
  /** Most lines per file. */
  maxLines: number;
  /** Most types per file. */
  maxTypes: number;
  /** Most operations per file. */
  maxOps: number;
}

/** The state an optional file's emitter reads. */
export interface EmitContext {
  /** Go package name. */
  packageName: string;
  /** The loaded document. */
  parsed: ParseResult;
  /** Its reference index. */
  index: RefIndex;
  /** The type model (every Go type declared so far; emitters may declare more and raise issues). */
  model: TypeModel;
  /** The operations (empty unless the client or the server is generated). */
  ops: readonly GoOperation[];
  /** The options of the run. */
  options: ResolvedOptions;
  /** The file group of an operation (its tag or first path segment, by the split options; "" for none). */
  groupOf(op: GoOperation): string;
}
