/**
 * The completion scripts of `oatool completion`, one renderer per shell, each written from the same tree of
 * commands (see completion.ts). Names of commands, flags and choices are checked there to be plain words;
 * descriptions are quoted for each shell here.
 *
 * bash and zsh share the tables and the parser of the words typed so far (written in the syntax both shells
 * read); only the part that hands the candidates to the shell differs.
 *
 * @module
 */
/** One flag as the completion scripts see it. */
export interface CompletionFlag {
  /** The words that name it: `--long`, its aliases, and `-s` when it has a short name. */
  names: string[];
  /** Whether a value follows it (every type but boolean). */
  takesValue: boolean;
  /** The fixed set of values, when it has one. */
  choices: string[];
  /** One line of help. */
  description: string;
}

/** A command (or subcommand) as the completion scripts see it. */
export interface CompletionNode {
  /** The words from the root, e.g. `["overlay", "apply"]`; empty for `oatool` itself. */
  path: string[];
  /** One line for the command list. */
  summary: string;
  /** Flags, `--help` included. */
  flags: CompletionFlag[];
  /** Subcommands, in declaration order. */
  subcommands: CompletionNode[];
}

/** The shells `oatool completion` writes a script for. */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish", "powershell"] as const;

/** One of {@link COMPLETION_SHELLS}. */
export type CompletionShell = typeof COMPLETION_SHELLS[number];

/** Every node of the tree, the root first, depth first. */
function nodes(root: CompletionNode): CompletionNode[] {
  return [root, ...root.subcommands.flatMap(nodes)];
}

const key = (n: CompletionNode) => n.path.join(" ");
const subNames = (n: CompletionNode) => n.subcommands.map((s) => s.path[s.path.length - 1]);

/** A `case` over the command paths (and flags, for choices), in the syntax bash and zsh share. */
function caseFunction(name: string, arms: [string[], string[]][], subject: string): string {
  const lines = arms.filter(([, words]) => words.length > 0).map(([labels, words]) =>
    `    ${labels.map((l) => `'${l}'`).join("|")}) printf '%s\\n' '${words.join(" ")}' ;;`
  );
  return `${name}() {\n  case ${subject} in\n${lines.join("\n")}\n  esac\n}\n`;
}

/** The tables and the parser bash and zsh share. */
function posixCore(root: CompletionNode): string {
  const all = nodes(root);
  const choiceArms: [string[], string[]][] = all.flatMap((n) =>
    n.flags.map((f): [string[], string[]] => [f.names.map((w) => `${key(n)}|${w}`), f.choices])
  );
  return [
    "# The words after each command path: subcommands, flags, flags that take a value, and fixed values.",
    caseFunction("__oatool_subcommands", all.map((n) => [[key(n)], subNames(n)]), '"$1"'),
    caseFunction("__oatool_flags", all.map((n) => [[key(n)], n.flags.flatMap((f) => f.names)]), '"$1"'),
    caseFunction(
      "__oatool_value_flags",
      all.map((n) => [[key(n)], n.flags.filter((f) => f.takesValue).flatMap((f) => f.names)]),
      '"$1"',
    ),
    caseFunction("__oatool_choices", choiceArms, '"$1|$2"'),
    `__oatool_has() {
  case " $1 " in *" $2 "*) return 0 ;; esac
  return 1
}

# Reads the words before the cursor: sets __oatool_path (the command path) and __oatool_pending (a flag whose
# value is the word at the cursor, or empty).
__oatool_parse() {
  __oatool_path=""
  __oatool_pending=""
  local w
  for w in "$@"; do
    if [ -n "$__oatool_pending" ]; then
      # "--flag=value" reaches bash as three words: --flag, = and value.
      [ "$w" = "=" ] || __oatool_pending=""
      continue
    fi
    case "$w" in
      --*=*) ;;
      -*) if __oatool_has "$(__oatool_value_flags "$__oatool_path")" "$w"; then __oatool_pending="$w"; fi ;;
      *) if __oatool_has "$(__oatool_subcommands "$__oatool_path")" "$w"; then
           __oatool_path="\${__oatool_path:+$__oatool_path }$w"
         fi ;;
    esac
  done
}
`,
  ].join("\n");
}

function bash(root: CompletionNode): string {
  return `# bash completion for oatool. Load it with: source <(oatool completion bash)
${posixCore(root)}
# Offers the words of $1 that begin with $2, or the file names that do when $1 is empty.
__oatool_reply() {
  if [ -n "$1" ]; then
    COMPREPLY=($(compgen -W "$1" -- "$2"))
  else
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$2"))
  fi
}

_oatool() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  COMPREPLY=()
  __oatool_parse "\${COMP_WORDS[@]:1:COMP_CWORD-1}"
  if [ -n "$__oatool_pending" ]; then
    [ "$cur" = "=" ] && cur=""
    __oatool_reply "$(__oatool_choices "$__oatool_path" "$__oatool_pending")" "$cur"
    return 0
  fi
  case "$cur" in
    --*=*)
      COMPREPLY=($(compgen -P "\${cur%%=*}=" -W "$(__oatool_choices "$__oatool_path" "\${cur%%=*}")" -- "\${cur#*=}"))
      return 0 ;;
    -*)
      COMPREPLY=($(compgen -W "$(__oatool_flags "$__oatool_path")" -- "$cur"))
      return 0 ;;
  esac
  __oatool_reply "$(__oatool_subcommands "$__oatool_path")" "$cur"
  return 0
}

complete -F _oatool oatool
`;
}

function zsh(root: CompletionNode): string {
  return `#compdef oatool
# zsh completion for oatool. Save it as _oatool in a folder of $fpath, or eval it after compinit.
${posixCore(root)}
_oatool() {
  local words_
  __oatool_parse "\${(@)words[2,CURRENT-1]}"
  if [[ -n $__oatool_pending ]]; then
    words_=$(__oatool_choices "$__oatool_path" "$__oatool_pending")
    if [[ -n $words_ ]]; then compadd -- \${=words_}; else _files; fi
    return
  fi
  case \${words[CURRENT]} in
    --*=*)
      words_=$(__oatool_choices "$__oatool_path" "\${\${words[CURRENT]}%%=*}")
      compset -P '*='
      compadd -- \${=words_}
      return ;;
    -*)
      words_=$(__oatool_flags "$__oatool_path")
      compadd -- \${=words_}
      return ;;
  esac
  words_=$(__oatool_subcommands "$__oatool_path")
  if [[ -n $words_ ]]; then compadd -- \${=words_}; else _files; fi
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _oatool "$@"
else
  compdef _oatool oatool
fi
`;
}

/** A fish single-quoted string. */
const fishQuote = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function fish(root: CompletionNode): string {
  const all = nodes(root);
  const lines = [
    "# fish completion for oatool. Save it as ~/.config/fish/completions/oatool.fish",
    "function __oatool_subcommands",
    '    switch "$argv[1]"',
    ...all.filter((n) => n.subcommands.length > 0).flatMap((n) => [
      `        case ${fishQuote(key(n))}`,
      `            echo ${subNames(n).join(" ")}`,
    ]),
    "    end",
    "end",
    "",
    "# The command path typed so far (subcommand names only; flags and their values are passed over).",
    "function __oatool_path",
    "    set -l path ''",
    "    for t in (commandline -opc)[2..-1]",
    "        if contains -- $t (string split ' ' -- (__oatool_subcommands $path))",
    '            set path (string trim -- "$path $t")',
    "        end",
    "    end",
    "    echo $path",
    "end",
    "",
    "function __oatool_at",
    "    set -l path (__oatool_path)",
    '    test "$path" = "$argv[1]"',
    "end",
    "",
  ];
  for (const n of all) {
    const at = `-n ${fishQuote(`__oatool_at ${fishQuote(key(n))}`)}`;
    for (const s of n.subcommands) {
      lines.push(
        `complete -c oatool ${at} -f -a ${s.path[s.path.length - 1]} -d ${fishQuote(s.summary)}`,
      );
    }
    for (const f of n.flags) {
      const names = f.names.map((w) => w.startsWith("--") ? `-l ${w.slice(2)}` : `-s ${w.slice(1)}`);
      const value = !f.takesValue
        ? ""
        : f.choices.length > 0
        ? ` -x -a ${fishQuote(f.choices.join(" "))}`
        : " -r";
      lines.push(`complete -c oatool ${at} ${names.join(" ")}${value} -d ${fishQuote(f.description)}`);
    }
  }
  return lines.join("\n") + "\n";
}

/** A PowerShell single-quoted string. */
const psQuote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const psList = (words: string[]) => `@(${words.map(psQuote).join(", ")})`;

function powershell(root: CompletionNode): string {
  const all = nodes(root);
  const table = (name: string, entries: [string, string][]) =>
    `    $${name} = @{\n${entries.map(([k, v]) => `        ${psQuote(k)} = ${v}`).join("\n")}\n    }`;
  const tips: [string, string][] = all.flatMap((n) => [
    ...n.subcommands.map((
      s,
    ): [string, string] => [`${key(n)}|${s.path[s.path.length - 1]}`, psQuote(s.summary)]),
    ...n.flags.flatMap((f) =>
      f.names.map((w): [string, string] => [`${key(n)}|${w}`, psQuote(f.description)])
    ),
  ]);
  return `# PowerShell completion for oatool. Load it with:
#   oatool completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName oatool, oatool.exe -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
${table("subcommands", all.map((n) => [key(n), psList(subNames(n))]))}
${table("flags", all.map((n) => [key(n), psList(n.flags.flatMap((f) => f.names))]))}
${
    table(
      "valueFlags",
      all.map((n) => [key(n), psList(n.flags.filter((f) => f.takesValue).flatMap((f) => f.names))]),
    )
  }
${
    table(
      "choices",
      all.flatMap((n) =>
        n.flags.filter((f) => f.choices.length > 0).flatMap((f) =>
          f.names.map((w): [string, string] => [`${key(n)}|${w}`, psList(f.choices)])
        )
      ),
    )
  }
${table("tips", tips)}
    $typed = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |
        ForEach-Object { $_.ToString() } | Select-Object -Skip 1)
    if ($wordToComplete -ne '' -and $typed.Count -gt 0 -and $typed[-1] -eq $wordToComplete) {
        $typed = @($typed | Select-Object -SkipLast 1)
    }
    $path = ''
    $pending = $null
    foreach ($w in $typed) {
        if ($pending) { $pending = $null; continue }
        if ($w -like '--*=*') { continue }
        if ($w -like '-*') {
            if ($valueFlags[$path] -contains $w) { $pending = $w }
            continue
        }
        if ($subcommands[$path] -contains $w) { $path = ($path + ' ' + $w).Trim() }
    }
    $prefix = ''
    $word = $wordToComplete
    if ($pending) {
        $candidates = $choices["$path|$pending"]
    } elseif ($word -like '--*=*') {
        $flag, $word = $word -split '=', 2
        $prefix = "$flag="
        $candidates = $choices["$path|$flag"]
    } elseif ($word -like '-*') {
        $candidates = $flags[$path]
    } else {
        $candidates = $subcommands[$path]
    }
    if (-not $candidates) { return }
    $candidates | Where-Object { $_ -like "$word*" } | ForEach-Object {
        $tip = $tips["$path|$_"]
        if (-not $tip) { $tip = $_ }
        [System.Management.Automation.CompletionResult]::new("$prefix$_", $_, 'ParameterValue', $tip)
    }
}
`;
}

/** The completion script of one shell for the tree of commands. */
export function renderCompletion(shell: CompletionShell, root: CompletionNode): string {
  switch (shell) {
    case "bash":
      return bash(root);
    case "zsh":
      return zsh(root);
    case "fish":
      return fish(root);
    case "powershell":
      return powershell(root);
  }
}
