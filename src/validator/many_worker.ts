/**
 * A worker of {@link validateMany}: validates one document per message, reading files with the file system's
 * reader (bounded by the run's `--max-input-size`), and posts back its result or the error `validate` threw.
 *
 * @module
 */
import { createDefaultReader } from "../io/reader.ts";
import type { DocumentReader } from "../core/mod.ts";
import { validate } from "./validate.ts";
import { describeFailure, type FromManyWorker, type ToManyWorker } from "./many.ts";

interface WorkerScope {
  postMessage(message: FromManyWorker): void;
  onmessage: ((event: MessageEvent<ToManyWorker>) => void) | null;
  close(): void;
}

const scope = globalThis as unknown as WorkerScope;

// A worker that ends itself (a plugin's code calling Deno.exit or close) sends the pool no event: it says so
// first, so that its document fails and the pool goes on instead of waiting for it for ever.
const exit = Deno.exit;
Deno.exit = ((code?: number) => {
  scope.postMessage({ ended: `it called Deno.exit(${code ?? ""})` });
  return exit(code);
}) as typeof Deno.exit;
const close = scope.close.bind(scope);
scope.close = () => {
  scope.postMessage({ ended: "it called close()" });
  close();
};
let reader: DocumentReader | undefined;

/** Validates one document and posts its result, or the error validating threw. */
async function handle({ id, input, options, maxInputSize }: ToManyWorker): Promise<void> {
  reader ??= createDefaultReader(maxInputSize === undefined ? {} : { maxInputSize });
  try {
    scope.postMessage({ id, result: await validate(input, { ...options, reader }) });
  } catch (error) {
    scope.postMessage({ id, error: describeFailure(error) });
  }
}

// One document at a time, in the order given (the pool hands a document ahead, and its failure is the first's).
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<ToManyWorker>) => {
  queue = queue.then(() => handle(event.data));
};

scope.postMessage({ ready: true });
