/**
 * A capturing {@link CliIO} for tests: everything written is kept, files come from the real file system unless
 * an in-memory reader is given.
 */
import { createDefaultReader, type DocumentReader } from "../core/mod.ts";
import { main } from "./main.ts";
import type { CliIO } from "./types.ts";

/** Captured output of one run. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A CliIO that records output; `stdin` text is served as standard input. */
export function captureIO(
  options: { reader?: DocumentReader; stdin?: string } = {},
): CliIO & { out: string; err: string } {
  const withStdin = (base: DocumentReader): DocumentReader =>
    options.stdin === undefined ? base : { ...base, readStdin: () => Promise.resolve(options.stdin!) };
  const reader = withStdin(options.reader ?? createDefaultReader());
  // With the real file system, --max-input-size makes a capped reader, as processIO does.
  const createReader = options.reader === undefined
    ? (o: { maxInputSize: number }) => withStdin(createDefaultReader(o))
    : undefined;
  const io = {
    out: "",
    err: "",
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    reader,
    createReader,
    color: false,
  };
  return io;
}

/** Runs `main` in-process with a capturing io. */
export async function run(
  args: string[],
  options: { reader?: DocumentReader; stdin?: string } = {},
): Promise<CapturedRun> {
  const io = captureIO(options);
  const code = await main(args, io);
  return { code, stdout: io.out, stderr: io.err };
}
