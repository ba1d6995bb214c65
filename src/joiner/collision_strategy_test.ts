import assert from "node:assert/strict";
import { UsageError } from "../core/mod.ts";
import {
  COLLISION_STRATEGIES,
  isCollisionStrategy,
  parseCollisionStrategy,
  parseEquivalenceMode,
  StrategyAcceptLeft,
  StrategyAcceptRight,
  StrategyDeduplicateEquivalent,
  StrategyDeduplicateOrRename,
  StrategyFailOnCollision,
  StrategyFailOnPaths,
  StrategyRenameLeft,
  StrategyRenameRight,
} from "./collision_strategy.ts";

Deno.test("the eight strategies and their command-line values", () => {
  assert.deepEqual(
    [
      StrategyFailOnCollision,
      StrategyAcceptLeft,
      StrategyAcceptRight,
      StrategyFailOnPaths,
      StrategyRenameLeft,
      StrategyRenameRight,
      StrategyDeduplicateEquivalent,
      StrategyDeduplicateOrRename,
    ],
    [
      "fail",
      "accept-left",
      "accept-right",
      "fail-on-paths",
      "rename-left",
      "rename-right",
      "dedup-equivalent",
      "dedup-or-rename",
    ],
  );
  assert.equal(COLLISION_STRATEGIES.length, 8);
  for (const s of COLLISION_STRATEGIES) assert.equal(parseCollisionStrategy(s), s);
  assert.equal(isCollisionStrategy("rename"), false);
  assert.throws(() => parseCollisionStrategy("keep-left"), (e: unknown) => {
    assert.ok(e instanceof UsageError);
    assert.match(e.message, /^strategy "keep-left" is not a collision strategy; use one of accept-left, /);
    return true;
  });
  assert.equal(parseEquivalenceMode("shallow"), "shallow");
  assert.throws(() => parseEquivalenceMode("exact"), /equivalence mode "exact" is not known/);
});
