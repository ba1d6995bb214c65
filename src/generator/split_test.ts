import assert from "node:assert/strict";
import { splitFiles, splitLazily } from "./split.ts";
import { type Unit, unit } from "./unit.ts";

/** A unit of `lines` lines in `group`. */
function made(group: string, lines: number, id: number): Unit {
  const u = unit(group);
  u.w.comment([`unit ${id}`]);
  for (let i = 1; i < lines; i++) u.w.line(`var v${id}_${i} = ${i}`);
  return u;
}

Deno.test("splitLazily: the same files as splitFiles, units made one at a time and group by group", () => {
  const groups = ["pets", "", "store", "pets", "users", "", "store", "linux", "users", "pets"];
  const items = Array.from(
    { length: 60 },
    (_, i) => ({ id: i, group: groups[i % groups.length], lines: 3 + (i * 7) % 11 }),
  );
  for (const [maxLines, maxWeight] of [[40, 5], [2000, 7], [60, 100], [5000, 100]]) {
    const limits = { maxLines, maxWeight };
    const core = () => [made("", 4, -1)];
    const eager = splitFiles(
      "types",
      "api",
      core(),
      items.map((it) => made(it.group, it.lines, it.id)),
      limits,
    );
    const emitted: number[] = [];
    const lazy = splitLazily("types", "api", core(), {
      items,
      group: (it) => it.group,
      weight: () => 1,
      emit: (it) => {
        emitted.push(it.id);
        return made(it.group, it.lines, it.id);
      },
    }, limits);
    assert.deepEqual(lazy, eager, `limits ${maxLines}/${maxWeight}`);
    assert.equal(emitted.length, items.length);
    if (maxWeight < items.length) {
      // Streaming: made group by group (sorted), not in the items' order.
      assert.notDeepEqual(emitted, items.map((it) => it.id));
    }
  }
});
