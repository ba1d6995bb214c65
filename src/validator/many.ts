/**
 * `validateMany()`: several documents in one run, each validated as {@link validate} does, in parallel on Web
 * Workers (one document at a time each), results in input order. A document that cannot be read, or whose
 * worker fails, is reported as that document's error; the run goes on.
 *
 * @module
 */
import { type DocumentReader, type Finding, OatoolError, UsageError } from "../core/mod.ts";
import { createDefaultReader } from "../io/reader.ts";
import { ConfigError } from "../config/mod.ts";
import { validate, type ValidateOptions, type ValidationResult } from "./validate.ts";

/** Rule id of the finding that says a document could not be validated (unreadable, or its worker failed). */
export const INPUT_RULE = "oas-input";

/** Documents validated at once by default: the number of processor cores. */
export const DEFAULT_JOBS: number = Math.max(1, navigator.hardwareConcurrency ?? 1);

/** Workers at most, whatever `jobs` says. */
const MAX_JOBS = 64;

/** The options of {@link validate} a worker can be given (plain data: no reader, no callbacks). */
export type WorkerValidateOptions = Omit<ValidateOptions, "reader" | "confine">;

/** Options of {@link validateMany}. */
export interface ValidateManyOptions extends WorkerValidateOptions {
  /** Documents validated at once (workers); 1 validates them one after another on this thread. @default cores */
  jobs?: number;
  /** Largest file a worker reads, in bytes (as `--max-input-size`). @default the reader's default */
  maxInputSize?: number;
  /**
   * Where the documents are read from. A reader other than the file system's cannot be handed to a worker, so
   * with one the documents are validated on this thread. @default the file system
   */
  reader?: DocumentReader;
  /** The worker module (tests). @default ./many_worker.ts */
  workerUrl?: string | URL;
  /** Whether this thread validates documents too (one of the `jobs`) while the workers run. @default true */
  mainThread?: boolean;
}

/** The outcome for one document of {@link validateMany}. */
export interface ManyEntry {
  /** The input as given. */
  input: string;
  /** Its validation result; when it could not be validated, one error of rule {@link INPUT_RULE}. */
  result: ValidationResult;
  /** Set when the document could not be validated: why. */
  failure?: string;
  /**
   * With `failure`: the error's code (`LOAD_ERROR` unreadable, `PARSE_ERROR`, `UNSUPPORTED_VERSION`, …), or
   * {@link WORKER_FAILED} when its worker failed.
   */
  code?: string;
}

/** The code of a document whose worker failed (an uncaught error, a result it could not pass back). */
export const WORKER_FAILED = "WORKER_FAILED";

/** A message to a worker. */
export interface ToManyWorker {
  id: number;
  input: string;
  options: WorkerValidateOptions;
  maxInputSize?: number;
}

/** A message from a worker: loaded, ended by its own code (`Deno.exit`, `close`), a result, or the error validating threw. */
export type FromManyWorker =
  | { ready: true }
  | { ended: string }
  | { id: number; result: ValidationResult }
  | { id: number; error: Failure };

/** Why `validate` failed, as a worker passes it back. */
export interface Failure {
  message: string;
  code?: string;
  problems?: readonly string[];
  file?: string;
  line?: number;
  column?: number;
}

/** The result of a document that could not be validated: invalid, with one error saying why. */
export function failedResult(
  input: string,
  message: string,
  location?: Finding["location"],
): ValidationResult {
  const error: Finding = { severity: "error", path: "", pointer: "", message, rule: INPUT_RULE };
  if (location !== undefined) error.location = location;
  return {
    valid: false,
    version: "",
    oasVersion: "3.1",
    source: input,
    errors: [error],
    warnings: [],
    errorCount: 1,
    warningCount: 0,
    stats: { pathCount: 0, operationCount: 0, schemaCount: 0, webhookCount: 0 },
    sizeBytes: 0,
    loadTimeMs: 0,
    validateTimeMs: 0,
    ignoredCount: 0,
  };
}

/** An error that stops the whole run (a wrong policy or rule id is wrong for every document): rethrown. */
function isRunError(code: string | undefined): boolean {
  return code === "CONFIG_ERROR" || code === "USAGE_ERROR";
}

/** What a worker sends back for an error `validate` threw. */
export function describeFailure(
  error: unknown,
): Failure {
  if (error instanceof ConfigError) {
    return { message: error.message, code: error.code, problems: error.problems };
  }
  if (error instanceof OatoolError) {
    const { file, line, column } = error as { file?: string; line?: number; column?: number };
    return { message: error.message, code: error.code, file, line, column };
  }
  return { message: `internal error: ${error instanceof Error ? error.message : String(error)}` };
}

/** The error of a run error a worker reported, as this thread's error. */
function runError(error: Failure): Error {
  return error.code === "CONFIG_ERROR" ? new ConfigError(error.problems ?? [error.message]) : new UsageError(
    error.message,
  );
}

/**
 * Validates several documents, `jobs` at once on Web Workers with the permissions of this program, and returns
 * their results in input order. A document that cannot be read or parsed, or whose worker fails (an uncaught
 * error, a result that cannot be passed back), gets one error of rule {@link INPUT_RULE}; the others are
 * validated all the same. Options apply to every document, and the policy file's `apis:` entry whose root is a
 * document applies to that document.
 *
 * @throws {ConfigError} {@link UsageError} when the policy or a rule id is wrong (for every document).
 */
export async function validateMany(
  inputs: readonly string[],
  options: ValidateManyOptions = {},
): Promise<ManyEntry[]> {
  const { jobs: wantedJobs, maxInputSize, reader, workerUrl, mainThread, ...validateOptions } = options;
  const jobs = Math.min(MAX_JOBS, inputs.length, Math.max(1, Math.floor(wantedJobs ?? DEFAULT_JOBS)));
  if (reader !== undefined || (jobs <= 1 && mainThread !== false) || !cloneable(validateOptions)) {
    const own = reader ?? createDefaultReader(readerOptions(maxInputSize));
    return await sequential(inputs, { ...validateOptions, reader: own });
  }
  return await onWorkers(inputs, jobs, validateOptions, maxInputSize, workerUrl, mainThread !== false);
}

/** Whether options can be passed to a worker (plain data; a policy given with functions in it cannot). */
function cloneable(options: WorkerValidateOptions): boolean {
  try {
    structuredClone(options);
    return true;
  } catch {
    return false;
  }
}

/** One document after another on this thread. */
async function sequential(inputs: readonly string[], options: ValidateOptions): Promise<ManyEntry[]> {
  const run: Run = { inputs, out: new Array(inputs.length), next: 0, retry: [] };
  await localLane(run, options);
  if (run.stop !== undefined) throw run.stop;
  return run.out as ManyEntry[];
}

/** The entry of a document that could not be validated. */
function failed(input: string, e: Failure): ManyEntry {
  const location = e.line !== undefined && e.column !== undefined
    ? { file: e.file ?? input, line: e.line, column: e.column }
    : undefined;
  // The position is the finding's; the message need not repeat it.
  const at = location === undefined ? "" : `${location.file}:${location.line}:${location.column}: `;
  const message = at !== "" && e.message.startsWith(at) ? e.message.slice(at.length) : e.message;
  const entry: ManyEntry = { input, result: failedResult(input, message, location), failure: message };
  if (e.code !== undefined) entry.code = e.code;
  return entry;
}

/** The shared state of the lanes of one run. */
interface Run {
  inputs: readonly string[];
  out: (ManyEntry | undefined)[];
  next: number;
  /** Documents given back by a failed worker (it had not begun them), taken before the next ones. */
  retry: number[];
  stop?: Error;
}

/** The next document to validate, or -1 when none is left (or the run stops). */
function take(run: Run): number {
  if (run.stop !== undefined) return -1;
  if (run.retry.length > 0) return run.retry.shift()!;
  return run.next < run.inputs.length ? run.next++ : -1;
}

/**
 * The documents on `jobs` lanes: `jobs - 1` workers, and this thread unless `mainThread` is false (then `jobs`
 * workers). A worker takes documents only once it has loaded, so this thread works while the workers start.
 */
async function onWorkers(
  inputs: readonly string[],
  jobs: number,
  options: WorkerValidateOptions,
  maxInputSize: number | undefined,
  workerUrl: string | URL | undefined,
  mainThread: boolean,
): Promise<ManyEntry[]> {
  const run: Run = { inputs, out: new Array(inputs.length), next: 0, retry: [] };
  const url = workerUrl ?? new URL("./many_worker.ts", import.meta.url);
  const lanes: Promise<void>[] = [];
  for (let i = 0; i < (mainThread ? jobs - 1 : jobs); i++) {
    lanes.push(workerLane(run, url, options, maxInputSize));
  }
  if (mainThread) {
    lanes.push(localLane(run, { ...options, reader: createDefaultReader(readerOptions(maxInputSize)) }));
  }
  await Promise.all(lanes);
  if (run.stop !== undefined) throw run.stop;
  // A lane that could not start a worker left its documents to the others; none left: this thread.
  const rest = inputs.flatMap((_, i) => run.out[i] === undefined ? [i] : []);
  if (rest.length > 0) {
    const reader = createDefaultReader(readerOptions(maxInputSize));
    const entries = await sequential(rest.map((i) => inputs[i]), { ...options, reader });
    rest.forEach((i, k) => run.out[i] = entries[k]);
  }
  return run.out as ManyEntry[];
}

/** The reader options of a size bound. */
function readerOptions(maxInputSize: number | undefined): { maxInputSize?: number } {
  return maxInputSize === undefined ? {} : { maxInputSize };
}

/** This thread's lane: documents one after another until none is left. */
async function localLane(run: Run, options: ValidateOptions): Promise<void> {
  for (let i = take(run); i >= 0; i = take(run)) {
    try {
      run.out[i] = { input: run.inputs[i], result: await validate(run.inputs[i], options) };
    } catch (error) {
      const failure = describeFailure(error);
      if (isRunError(failure.code)) run.stop ??= error as Error;
      run.out[i] = failed(run.inputs[i], failure);
    }
  }
}

/** Documents a worker is given ahead: one it validates, one waiting, so that it never waits for this thread. */
const WORKER_DEPTH = 2;

/**
 * A worker's lane: a worker validates documents one at a time, {@link WORKER_DEPTH} handed to it ahead, until
 * none is left. A worker that fails (an uncaught error, a result that cannot be passed back) fails the document
 * it was validating, gives back the one waiting, and is replaced; a worker that cannot start ends the lane.
 */
function workerLane(
  run: Run,
  url: string | URL,
  options: WorkerValidateOptions,
  maxInputSize: number | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const start = () => {
      let worker: Worker;
      try {
        worker = new Worker(url, { type: "module" });
      } catch {
        resolve();
        return;
      }
      let ready = false;
      const pending: number[] = [];
      const feed = () => {
        while (pending.length < WORKER_DEPTH) {
          const id = take(run);
          if (id < 0) break;
          pending.push(id);
          const message: ToManyWorker = { id, input: run.inputs[id], options, maxInputSize };
          worker.postMessage(message);
        }
        if (pending.length === 0) {
          worker.terminate();
          resolve();
        }
      };
      const lost = (why: string) => {
        worker.terminate();
        if (!ready) {
          resolve(); // it could not load: the other lanes take its share
          return;
        }
        const [current, ...waiting] = pending;
        if (current !== undefined) {
          run.out[current] = failed(run.inputs[current], {
            message: `the worker validating it failed (${why}).`,
            code: WORKER_FAILED,
          });
        }
        run.retry.push(...waiting);
        start();
      };
      worker.onmessage = (event: MessageEvent<FromManyWorker>) => {
        const data = event.data;
        if ("ended" in data) {
          lost(data.ended);
          return;
        }
        if ("ready" in data) {
          ready = true;
        } else {
          pending.splice(pending.indexOf(data.id), 1);
          if ("result" in data) run.out[data.id] = { input: run.inputs[data.id], result: data.result };
          else {
            if (isRunError(data.error.code)) run.stop ??= runError(data.error);
            run.out[data.id] = failed(run.inputs[data.id], data.error);
          }
        }
        feed();
      };
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        lost(String(event.message).split("\n")[0].slice(0, 200));
      };
      worker.onmessageerror = () => lost("its result could not be passed back");
    };
    start();
  });
}
