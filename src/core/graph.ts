/**
 * Graph algorithms on adjacency lists, iterative so that no graph can overflow the stack.
 *
 * @module
 */

/**
 * Strongly connected components of a graph given as adjacency lists (negative targets ignored), iteratively
 * (Tarjan). Components come out in reverse topological order: every component after those it points at.
 */
export function stronglyConnected(adjacency: readonly (readonly number[])[]): number[][] {
  const n = adjacency.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const work: { node: number; edge: number }[] = [];
  for (let root = 0; root < n; root++) {
    if (order[root] >= 0) continue;
    work.push({ node: root, edge: 0 });
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = adjacency[top.node];
      if (top.edge < edges.length) {
        const next = edges[top.edge++];
        if (next < 0) continue;
        if (order[next] < 0) {
          order[next] = low[next] = counter++;
          stack.push(next);
          onStack[next] = 1;
          work.push({ node: next, edge: 0 });
        } else if (onStack[next]) {
          low[top.node] = Math.min(low[top.node], order[next]);
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low[parent] = Math.min(low[parent], low[top.node]);
      }
      if (low[top.node] === order[top.node]) {
        const component: number[] = [];
        let m: number;
        do {
          m = stack.pop()!;
          onStack[m] = 0;
          component.push(m);
        } while (m !== top.node);
        out.push(component);
      }
    }
  }
  return out;
}
