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

Deno.test("splitLazily: small groups share files, larger ones keep their own", () => {
  // 3,000 groups of one unit and two of 30: files of 100 units, and one file for each group of 30.
  const items = [
    ...Array.from({ length: 3000 }, (_, i) => ({ id: i, group: `g${String(i).padStart(4, "0")}` })),
    ...Array.from({ length: 60 }, (_, i) => ({ id: 3000 + i, group: i < 30 ? "big1" : "zbig2" })),
  ];
  const files = splitLazily("client", "api", [made("", 2, -1)], {
    items,
    group: (it) => it.group,
    emit: (it) => made(it.group, 2, it.id),
  }, { maxLines: 100_000, maxWeight: 100 });
  const names = files.map((f) => f.name);
  assert.equal(names.length, 1 + 1 + 30 + 1, names.slice(0, 5).join(" "));
  assert.deepEqual(names.slice(0, 4), ["client.go", "client_big1.go", "client_g0000.go", "client_g0100.go"]);
  assert.equal(names[names.length - 1], "client_zbig2.go");
  const g0000 = files.find((f) => f.name === "client_g0000.go")!.content;
  assert.equal(g0000.match(/^\/\/ unit /gm)?.length, 100);
});
