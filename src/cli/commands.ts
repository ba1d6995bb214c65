import type { Command } from "./types.ts";
import { overlayCommand } from "./overlay.ts";
import { parseCommand } from "./parse.ts";
import { versionCommand } from "./version.ts";

/** Every command, in the order `oatool help` lists them. Add a command with one import and one entry. */
export const commands: Command[] = [
  parseCommand,
  overlayCommand,
  versionCommand,
];
