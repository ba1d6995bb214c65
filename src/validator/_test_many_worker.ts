/**
 * A faulty worker for the tests of {@link validateMany}: a document whose name holds `crash` makes it throw an
 * uncaught error; the others it validates as the real worker does.
 *
 * @module
 */
import { validate } from "./validate.ts";
import type { FromManyWorker, ToManyWorker } from "./many.ts";

const scope = globalThis as unknown as {
  postMessage(message: FromManyWorker): void;
  onmessage: ((event: MessageEvent<ToManyWorker>) => void) | null;
};

// One document at a time, as the real worker: a crash belongs to the document being validated.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<ToManyWorker>) => {
  const { id, input, options } = event.data;
  queue = queue.then(async () => {
    if (input.includes("crash")) {
      setTimeout(() => {
        throw new Error(`boom on ${input}`);
      });
    } else scope.postMessage({ id, result: await validate(input, options) });
  });
};
scope.postMessage({ ready: true });
