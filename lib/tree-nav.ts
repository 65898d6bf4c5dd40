/**
 * Keyboard rules of a tree widget (WAI-ARIA Authoring Practices, "Tree View"): which node gets focus,
 * expands, collapses or is activated for a key. Pure functions over the visible nodes, unit-tested;
 * components/ui/tree.tsx applies them.
 */

export interface VisibleNode {
  id: string;
  parentId: string | null;
  level: number;
  expandable: boolean;
  expanded: boolean;
  /** Text for type-ahead (first character). */
  text: string;
}

export interface TreeShape<N> {
  roots: readonly N[];
  idOf: (n: N) => string;
  textOf: (n: N) => string;
  expandable: (n: N) => boolean;
  /** Loaded children, or undefined when not loaded yet. */
  childrenOf: (id: string) => readonly N[] | undefined;
}

/** The nodes a user can see, in order: roots, and the children of expanded nodes. */
export function visibleNodes<N>(shape: TreeShape<N>, expanded: ReadonlySet<string>): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (nodes: readonly N[], parentId: string | null, level: number) => {
    for (const n of nodes) {
      const id = shape.idOf(n);
      const open = shape.expandable(n) && expanded.has(id);
      out.push({ id, parentId, level, expandable: shape.expandable(n), expanded: open, text: shape.textOf(n) });
      const kids = open ? shape.childrenOf(id) : undefined;
      if (kids) walk(kids, id, level + 1);
    }
  };
  walk(shape.roots, null, 1);
  return out;
}

export type TreeAction =
  | { kind: 'focus'; id: string }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'activate'; id: string }
  /** Expand every expandable sibling of the node (the `*` key). */
  | { kind: 'expandSiblings'; ids: string[] }
  | { kind: 'none' };

/** What a key does on the focused node. */
export function keyAction(nodes: readonly VisibleNode[], focusedId: string, key: string): TreeAction {
  const at = nodes.findIndex((n) => n.id === focusedId);
  const node = nodes[at];
  const focus = (target: VisibleNode | undefined): TreeAction => (target ? { kind: 'focus', id: target.id } : { kind: 'none' });
  if (!node) return focus(nodes[0]);
  switch (key) {
    case 'ArrowDown':
      return focus(nodes[at + 1]);
    case 'ArrowUp':
      return focus(nodes[at - 1]);
    case 'ArrowRight':
      if (!node.expandable) return { kind: 'none' };
      if (!node.expanded) return { kind: 'expand', id: node.id };
      return nodes[at + 1]?.parentId === node.id ? focus(nodes[at + 1]) : { kind: 'none' };
    case 'ArrowLeft':
      if (node.expandable && node.expanded) return { kind: 'collapse', id: node.id };
      return node.parentId !== null ? { kind: 'focus', id: node.parentId } : { kind: 'none' };
    case 'Home':
      return focus(nodes[0]);
    case 'End':
      return focus(nodes.at(-1));
    case 'Enter':
    case ' ':
      return { kind: 'activate', id: node.id };
    case '*':
      return {
        kind: 'expandSiblings',
        ids: nodes.filter((n) => n.parentId === node.parentId && n.expandable && !n.expanded).map((n) => n.id),
      };
    default:
      if (key.length === 1 && /\S/.test(key)) {
        // Type-ahead: the next visible node whose text starts with the character, wrapping around.
        const c = key.toLowerCase();
        for (let i = 1; i <= nodes.length; i++) {
          const n = nodes[(at + i) % nodes.length];
          if (n?.text.toLowerCase().startsWith(c)) return n.id === node.id ? { kind: 'none' } : { kind: 'focus', id: n.id };
        }
      }
      return { kind: 'none' };
  }
}
