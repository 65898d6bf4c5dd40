/**
 * What a V8 heap snapshot (.heapsnapshot) holds, summed by kind: for each constructor (objects, closures
 * by name; strings, arrays, code and the like by their node type) the count and the self size. Enough to see
 * what grows between two snapshots; retained sizes need a dominator tree (Chrome DevTools opens the file).
 * Usage: node scripts/lib/heap-summary.mjs FILE [TOP]
 */
import { readFileSync } from 'node:fs';

export function heapSummary(file, top = 20) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [T, N, S] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const width = fields.length;
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + T]];
    const size = snap.nodes[i + S];
    total += size;
    const key =
      type === 'object' || type === 'closure' ? `${snap.strings[snap.nodes[i + N]]}${type === 'closure' ? '()' : ''}` : `(${type})`;
    const g = groups.get(key) ?? { key, count: 0, size: 0 };
    g.count++;
    g.size += size;
    groups.set(key, g);
  }
  return { total, top: [...groups.values()].sort((a, b) => b.size - a.size).slice(0, top) };
}

export function printHeapSummary(file, top = 20) {
  const { total, top: rows } = heapSummary(file, top);
  console.log(`  heap ${(total / 1048576).toFixed(1)} MB in ${file.split('/').pop()}; largest kinds by self size:`);
  for (const r of rows)
    console.log(`    ${(r.size / 1048576).toFixed(1).padStart(7)} MB  ${String(r.count).padStart(8)}  ${r.key.slice(0, 80)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printHeapSummary(process.argv[2], Number(process.argv[3] || 25));
