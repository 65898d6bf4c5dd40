'use client';
/**
 * The network tree (firm/locationTree): franchiser → franchisee → shop under the chosen root, one level
 * loaded per expansion, each node with its roll-up (shops below it, users and open ADAS jobs at or below it,
 * part of the node's accessible name). Choosing a node opens it.
 */
import { useCallback } from 'react';
import { Tree } from '@/components/ui/tree';
import type { TreeLevel, TreeNode } from '@/lib/contract/locations';
import { FIRM_TYPE_LABELS } from '@/lib/contract/locations-constants';
import { firmApi } from './api';
import { rollUp } from './rules';

function NodeLabel({ node }: { node: TreeNode }) {
  const place = [node.city, node.stateCode].filter(Boolean).join(', ');
  return (
    <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="font-medium break-words text-slate-900">{node.name}</span>
      <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">{FIRM_TYPE_LABELS[node.firmType]}</span>
      {node.isInactive && <span className="rounded bg-red-50 px-1.5 text-xs font-medium text-red-800">Inactive</span>}
      <span className="text-xs text-slate-600">
        {place && `${place} · `}
        {rollUp(node)}
      </span>
    </span>
  );
}

const idOf = (n: TreeNode) => String(n.firm);
const textOf = (n: TreeNode) => n.name;
const expandable = (n: TreeNode) => n.hasChildren;

export function NetworkTree({
  root,
  tree,
  showInactive,
  onOpen,
}: {
  root: number;
  tree: TreeLevel;
  showInactive: boolean;
  onOpen: (n: TreeNode) => void;
}) {
  const load = useCallback(async (n: TreeNode) => (await firmApi.tree(root, n.firm, showInactive)).children, [root, showInactive]);
  return (
    <div className="min-w-0 overflow-x-auto rounded-md border border-slate-200 bg-white p-2">
      <Tree<TreeNode>
        label="Network of locations"
        roots={[tree.node]}
        idOf={idOf}
        textOf={textOf}
        expandable={expandable}
        renderLabel={(n) => <NodeLabel node={n} />}
        initialChildren={{ [idOf(tree.node)]: tree.children }}
        initialExpanded={[idOf(tree.node)]}
        loadChildren={load}
        onActivate={onOpen}
      />
    </div>
  );
}
