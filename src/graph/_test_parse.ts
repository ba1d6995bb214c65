/**
 * Small parsers of the Mermaid and DOT the graph renderers write (for the tests: written apart from the
 * renderers, so that a renderer's mistake does not cancel out), and the model's edges in the same form.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { GraphResult } from "./types.ts";

/** Parsed drawing: node key → label, classes and group; edges as `fromLabel -kind-> toLabel`. */
export interface Parsed {
  labels: Map<string, string>;
  classes: Map<string, string[]>;
  groups: Map<string, string>;
  edges: string[];
}

/** Decodes Mermaid's numeric entities (`#34;`). */
export function mermaidDecode(text: string): string {
  return text.replace(/#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
}

/** A Mermaid flowchart as the renderer writes it, read back line by line. */
export function parseMermaid(text: string): Parsed {
  const p: Parsed = { labels: new Map(), classes: new Map(), groups: new Map(), edges: [] };
  const lines = text.split("\n");
  assert.equal(lines[0], "flowchart LR");
  let group: string | undefined;
  const rawEdges: [string, string, string][] = [];
  for (const line of lines.slice(1)) {
    let m: RegExpExecArray | null;
    if ((m = /^ {2}subgraph g\d+\["([^"]*)"\]$/.exec(line))) group = mermaidDecode(m[1]);
    else if (line === "  end") group = undefined;
    else if ((m = /^ +(n\d+)\["([^"]*)"\]$/.exec(line))) {
      p.labels.set(m[1], mermaidDecode(m[2]));
      if (group !== undefined) p.groups.set(m[1], group);
    } else if ((m = /^ {2}(n\d+) -->\|"([^"]*)"\| (n\d+)$/.exec(line))) rawEdges.push([m[1], m[2], m[3]]);
    else if ((m = /^ {2}class ([n\d,]+) (\w+)$/.exec(line))) {
      for (const key of m[1].split(",")) p.classes.set(key, [...p.classes.get(key) ?? [], m[2]]);
    } else if (line !== "" && !/^ {2}(classDef|linkStyle) /.test(line)) {
      assert.fail(`unexpected line: ${line}`);
    }
  }
  p.edges = rawEdges.map(([a, k, b]) => `${p.labels.get(a)} -${mermaidDecode(k)}-> ${p.labels.get(b)}`)
    .sort();
  return p;
}

/** Reads a DOT quoted string's content (`\\` and `\"` unescaped). */
function dotUnquote(s: string): string {
  return s.slice(1, -1).replace(/\\(.)/g, "$1");
}

const DOT_STRING = String.raw`"(?:[^"\\]|\\.)*"`;

/** A DOT digraph as the renderer writes it, read back line by line. */
export function parseDot(text: string): Parsed {
  const p: Parsed = { labels: new Map(), classes: new Map(), groups: new Map(), edges: [] };
  const attr = (attrs: string, name: string) => {
    const m = new RegExp(`(?:^|, )${name}=(${DOT_STRING}|[^,\\]]+)`).exec(attrs);
    return m === null ? undefined : m[1].startsWith('"') ? dotUnquote(m[1]) : m[1];
  };
  let group: string | undefined;
  const rawEdges: [string, string, string][] = [];
  for (const line of text.split("\n")) {
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`^ {4}label=(${DOT_STRING});$`).exec(line))) group = dotUnquote(m[1]);
    else if (line === "  }") group = undefined;
    else if ((m = /^ +(n\d+) \[(.*)\];$/.exec(line))) {
      p.labels.set(m[1], attr(m[2], "label")!);
      p.classes.set(m[1], attr(m[2], "class")!.split(" "));
      assert.equal(attr(m[2], "id"), m[1]);
      if (group !== undefined) p.groups.set(m[1], group);
    } else if ((m = /^ {2}(n\d+) -> (n\d+) \[(.*)\];$/.exec(line))) {
      rawEdges.push([m[1], attr(m[3], "label")!, m[2]]);
    }
  }
  p.edges = rawEdges.map(([a, k, b]) => `${p.labels.get(a)} -${k}-> ${p.labels.get(b)}`).sort();
  return p;
}

/** The model's edges as `from -kind-> to` by name, sorted. */
export function modelEdges(g: GraphResult): string[] {
  const name = new Map(g.nodes.map((n) => [n.id, n.name]));
  return g.edges.map((e) => `${name.get(e.from)} -${e.kind}-> ${name.get(e.to)}`).sort();
}
