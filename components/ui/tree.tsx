'use client';
/**
 * A tree widget (WAI-ARIA tree view): one tab stop (roving tabindex), arrow keys move, expand and
 * collapse (aria-expanded), Home/End jump, type-ahead by first letter, `*` expands the siblings, Enter or
 * Space activates. Children load on first expansion (`loadChildren`); a failed load says so on the node
 * and can be tried again. The keyboard rules are lib/tree-nav.ts.
 */
import { Icon } from '@/components/ui/icon';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { keyAction, visibleNodes, type TreeShape } from '@/lib/tree-nav';

export interface TreeProps<N> {
  label: string;
  roots: readonly N[];
  idOf: (n: N) => string;
  /** Text of the node for type-ahead. */
  textOf: (n: N) => string;
  expandable: (n: N) => boolean;
  renderLabel: (n: N) => React.ReactNode;
  /** Children already known (e.g. rendered on the server), by node id. */
  initialChildren?: Readonly<Record<string, readonly N[]>>;
  initialExpanded?: readonly string[];
  loadChildren: (n: N) => Promise<readonly N[]>;
  onActivate: (n: N) => void;
}

export function Tree<N>({
  label,
  roots,
  idOf,
  textOf,
  expandable,
  renderLabel,
  initialChildren = {},
  initialExpanded = [],
  loadChildren,
  onActivate,
}: TreeProps<N>) {
  const base = useId();
  const [children, setChildren] = useState<Readonly<Record<string, readonly N[]>>>(initialChildren);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initialExpanded));
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<Readonly<Record<string, string>>>({});
  const [focused, setFocused] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const items = useRef(new Map<string, HTMLLIElement>());

  const byId = useMemo(() => {
    const map = new Map<string, N>();
    const add = (list: readonly N[]) => list.forEach((n) => map.set(idOf(n), n));
    add(roots);
    Object.values(children).forEach(add);
    return map;
  }, [roots, children, idOf]);

  const shape: TreeShape<N> = useMemo(
    () => ({ roots, idOf, textOf, expandable, childrenOf: (id) => children[id] }),
    [roots, idOf, textOf, expandable, children],
  );
  const visible = useMemo(() => visibleNodes(shape, expanded), [shape, expanded]);
  const current = focused && visible.some((v) => v.id === focused) ? focused : (visible[0]?.id ?? null);

  const focus = (id: string) => {
    setFocused(id);
    items.current.get(id)?.focus();
  };

  const expand = useCallback(
    async (ids: readonly string[]) => {
      setExpanded((e) => new Set([...e, ...ids]));
      const missing = ids.filter((id) => !children[id]);
      if (!missing.length) return;
      setLoading((l) => new Set([...l, ...missing]));
      setAnnounce('Loading…');
      await Promise.all(
        missing.map(async (id) => {
          const node = byId.get(id);
          if (!node) return;
          try {
            const kids = await loadChildren(node);
            setChildren((c) => ({ ...c, [id]: kids }));
            setFailed((f) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== id)));
            setAnnounce(`${textOf(node)}: ${kids.length} ${kids.length === 1 ? 'item' : 'items'}`);
          } catch (e) {
            setFailed((f) => ({ ...f, [id]: (e as Error).message }));
            setExpanded((ex) => new Set([...ex].filter((x) => x !== id)));
            setAnnounce(`${textOf(node)} could not be opened: ${(e as Error).message}`);
          } finally {
            setLoading((l) => new Set([...l].filter((x) => x !== id)));
          }
        }),
      );
    },
    [byId, children, loadChildren, textOf],
  );
  const collapse = (id: string) => setExpanded((e) => new Set([...e].filter((x) => x !== id)));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
    const action = keyAction(visible, current, e.key);
    if (action.kind === 'none') return;
    e.preventDefault();
    e.stopPropagation();
    if (action.kind === 'focus') focus(action.id);
    else if (action.kind === 'expand') void expand([action.id]);
    else if (action.kind === 'collapse') collapse(action.id);
    else if (action.kind === 'expandSiblings') void expand(action.ids);
    else if (action.kind === 'activate') {
      const node = byId.get(action.id);
      if (node) onActivate(node);
    }
  };

  const renderNodes = (nodes: readonly N[], level: number) =>
    nodes.map((n, i) => {
      const id = idOf(n);
      const canExpand = expandable(n);
      const open = canExpand && expanded.has(id);
      const kids = open ? children[id] : undefined;
      const busy = loading.has(id);
      const labelId = `${base}-${id}`;
      return (
        <li
          key={id}
          ref={(el) => {
            if (el) items.current.set(id, el);
            else items.current.delete(id);
          }}
          role="treeitem"
          aria-level={level}
          aria-setsize={nodes.length}
          aria-posinset={i + 1}
          aria-expanded={canExpand ? open : undefined}
          aria-selected={id === current}
          aria-busy={busy || undefined}
          aria-labelledby={labelId}
          aria-describedby={failed[id] ? `${labelId}-error` : undefined}
          tabIndex={id === current ? 0 : -1}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocused(id);
          }}
          className="outline-none [&:focus-visible>div]:ring-2 [&:focus-visible>div]:ring-brand-600"
        >
          <div
            className="flex min-w-0 items-start gap-1 rounded px-1 py-1 hover:bg-slate-50"
            style={{ paddingLeft: `${(level - 1) * 1.25 + 0.25}rem` }}
            onClick={() => {
              setFocused(id);
              onActivate(n);
            }}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded text-slate-600 ${canExpand ? 'cursor-pointer hover:bg-slate-200' : ''}`}
              onClick={(e) => {
                if (!canExpand) return;
                e.stopPropagation();
                setFocused(id);
                if (open) collapse(id);
                else void expand([id]);
              }}
            >
              {busy ? (
                <Icon name="loader-circle" className="size-4 animate-spin" />
              ) : canExpand ? (
                <Icon name="chevron-right" className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`} />
              ) : null}
            </span>
            <span id={labelId} className="min-w-0 flex-1 cursor-pointer">
              {renderLabel(n)}
            </span>
          </div>
          {failed[id] && (
            <p id={`${labelId}-error`} className="text-sm text-red-700" style={{ paddingLeft: `${level * 1.25 + 0.25}rem` }}>
              {failed[id]}
            </p>
          )}
          {kids && kids.length > 0 && <ul role="group">{renderNodes(kids, level + 1)}</ul>}
        </li>
      );
    });

  return (
    <div>
      <ul role="tree" aria-label={label} onKeyDown={onKeyDown} className="flex flex-col">
        {renderNodes(roots, 1)}
      </ul>
      <span role="status" className="sr-only">
        {announce}
      </span>
    </div>
  );
}
