/**
 * Writing documents: atomic file writes.
 *
 * @module
 */
import { basename, dirname, join, resolve } from "node:path";
import { WriteError } from "./errors.ts";
import { permissionMessage } from "./permission.ts";

/** Options of {@link writeFileAtomic}. */
export interface WriteFileOptions {
  /** File mode of the written file, for example `0o600`. @default 0o644 (less the umask) */
  mode?: number;
  /** Paths of the inputs: writing over one of them is refused unless `allowOverwriteInput`. */
  inputs?: readonly string[];
  /** Allow writing over an input. @default false */
  allowOverwriteInput?: boolean;
}

async function realOrResolved(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Writes a text file atomically: to a temporary file in the same folder, then renamed over the target, so the
 * target is never half-written. Refuses to write over an input.
 *
 * @throws {WriteError} when the folder does not exist, writing fails, or the target is an input.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  options: WriteFileOptions = {},
): Promise<void> {
  const target = await realOrResolved(path);
  if (!options.allowOverwriteInput && options.inputs) {
    for (const input of options.inputs) {
      if ((await realOrResolved(input)) === target) {
        throw new WriteError(`refusing to write over the input "${path}"; choose another output file.`);
      }
    }
  }
  const dir = dirname(target);
  try {
    const info = await Deno.stat(target);
    if (info.isDirectory) throw new WriteError(`"${path}" is a directory; name an output file.`);
  } catch (error) {
    if (error instanceof WriteError) throw error;
  }
  const temp = join(dir, `.${basename(target)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    await Deno.writeTextFile(temp, text, { mode: options.mode ?? 0o644, createNew: true });
    if (options.mode !== undefined) await Deno.chmod(temp, options.mode);
    await Deno.rename(temp, target);
  } catch (error) {
    try {
      await Deno.remove(temp);
    } catch { /* nothing to clean up */ }
    const refused = permissionMessage(error, { write: path }); // Deno's flags refused it: name the flag
    if (refused !== undefined) throw new WriteError(refused);
    if (error instanceof Deno.errors.NotFound) {
      throw new WriteError(`cannot write "${path}": the folder ${dir} does not exist; create it first.`);
    }
    if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
      throw new WriteError(`cannot write "${path}": permission denied.`);
    }
    throw new WriteError(
      `cannot write "${path}": ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

/** Whether a file exists (used to warn before overwriting). */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
