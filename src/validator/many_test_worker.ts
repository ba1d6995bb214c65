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

scope.onmessage = (event: MessageEvent<ToManyWorker>) => {
  const { id, input, options } = event.data;
  if (input.includes("crash")) throw new Error(`boom on ${input}`);
  validate(input, options).then((result) => scope.postMessage({ id, result }));
};
scope.postMessage({ ready: true });
