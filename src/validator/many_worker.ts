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
}

const scope = globalThis as unknown as WorkerScope;
let reader: DocumentReader | undefined;

scope.onmessage = async (event: MessageEvent<ToManyWorker>) => {
  const { id, input, options, maxInputSize } = event.data;
  reader ??= createDefaultReader(maxInputSize === undefined ? {} : { maxInputSize });
  try {
    scope.postMessage({ id, result: await validate(input, { ...options, reader }) });
  } catch (error) {
    scope.postMessage({ id, error: describeFailure(error) });
  }
};

scope.postMessage({ ready: true });
