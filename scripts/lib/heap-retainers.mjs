/**
 * Who holds the objects of one constructor in a V8 heap snapshot: for each such object, the shortest path from
 * the GC roots (breadth first over strong edges, as DevTools' "Retainers" shows first), grouped by its last
 * hops. Answers "are these requests in flight (held by their socket and parser) or kept after they finished
 * (held by a cache, a list, a closure)?" without opening DevTools.
 * Usage: node scripts/lib/heap-retainers.mjs FILE [CONSTRUCTOR=IncomingMessage] [HOPS=6] [TOP=12]
 */
import { readFileSync } from 'node:fs';

export function heapRetainers(file, ctor = 'IncomingMessage', hops = 6, top = 12) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const [NT, NN, NE] = ['type', 'name', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
  const [ET, EN, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const { nodes, edges, strings } = snap;
  const count = nodes.length / nodeWidth;
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += nodes[n * nodeWidth + NE] * edgeWidth;
    firstEdge[n + 1] = e;
  }
  const nameOf = (n) => {
    const type = nodeTypes[nodes[n * nodeWidth + NT]];
    const name = strings[nodes[n * nodeWidth + NN]];
    return type === 'object' || type === 'closure' || type === 'synthetic' ? `${name}${type === 'closure' ? '()' : ''}` : `(${type})`;
  };
  // Element indices are left out so that paths through one list group together.
  const edgeName = (e) => {
    const type = edgeTypes[edges[e + ET]];
    const v = edges[e + EN];
    return type === 'element' || type === 'hidden' ? '[]' : type === 'context' ? `ctx.${strings[v]}` : `.${strings[v]}`;
  };
  // Shortest strong paths from the root (node 0).
  const parent = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  parent[0] = 0;
  let frontier = [0];
  while (frontier.length) {
    const next = [];
    for (const n of frontier)
      for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
        const type = edgeTypes[edges[e + ET]];
        if (type === 'weak' || type === 'shortcut') continue;
        const to = edges[e + ETO] / nodeWidth;
        if (parent[to] !== -1) continue;
        parent[to] = n;
        via[to] = e;
        next.push(to);
      }
    frontier = next;
  }
  const groups = new Map();
  let targets = 0;
  let unreachable = 0;
  for (let n = 0; n < count; n++) {
    if (nameOf(n) !== ctor) continue;
    targets++;
    if (parent[n] === -1) {
      unreachable++;
      continue;
    }
    const path = [];
    for (let at = n, i = 0; at !== 0 && i < hops; at = parent[at], i++) path.push(`${nameOf(parent[at])}${edgeName(via[at])}`);
    const key = path.reverse().join(' → ');
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return { targets, unreachable, top: [...groups].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, ctor = 'IncomingMessage', hops = '6', top = '12'] = process.argv.slice(2);
  const r = heapRetainers(file, ctor, Number(hops), Number(top));
  console.log(`${r.targets} ${ctor} in ${file.split('/').pop()} (${r.unreachable} only weakly held); shortest retainer paths, last hops:`);
  for (const [path, n] of r.top) console.log(`  ${String(n).padStart(6)}  ${path}`);
}
