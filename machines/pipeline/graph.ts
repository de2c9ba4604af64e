/**
 * Dependency graphs of units of work (pipeline steps, supervised agents): pure, shared by the
 * pipeline and supervisor machines and by pipeline validation.
 */

/** A unit of work and the ids it needs. */
export interface GraphNode {
  id: string;
  needs: readonly string[];
}

/** A dependency order, or the cycle that prevents one. */
export type OrderResult = { ok: true; order: string[] } | { ok: false; cycle: string[] };

/**
 * Kahn's algorithm with declaration order as the tie-break, so the order is stable and reads
 * like the file. Unknown needs are ignored here (validation reports them by path).
 * On a cycle, returns one cycle as a closed walk, e.g. `['a', 'b', 'a']`. Of duplicate ids the
 * first declaration counts.
 */
export function dependencyOrder(all: readonly GraphNode[]): OrderResult {
  // A duplicate id is the validator's to report; here the first declaration counts.
  const nodes = all.filter((n, i) => all.findIndex((m) => m.id === n.id) === i);
  const ids = new Set(nodes.map((n) => n.id));
  const pending = new Map(nodes.map((n) => [n.id, new Set(n.needs.filter((need) => ids.has(need) && need !== n.id))]));
  const selfLoop = nodes.find((n) => n.needs.includes(n.id));
  if (selfLoop) return { ok: false, cycle: [selfLoop.id, selfLoop.id] };
  const order: string[] = [];
  while (order.length < nodes.length) {
    const next = nodes.find((n) => !order.includes(n.id) && pending.get(n.id)!.size === 0);
    if (!next) return { ok: false, cycle: findCycle(nodes.filter((n) => !order.includes(n.id)), ids) };
    order.push(next.id);
    for (const waiting of pending.values()) waiting.delete(next.id);
  }
  return { ok: true, order };
}

/** One cycle among nodes that all still wait on something: follow needs until a node repeats. */
function findCycle(stuck: readonly GraphNode[], ids: Set<string>): string[] {
  const byId = new Map(stuck.map((n) => [n.id, n]));
  const walk: string[] = [];
  let current = stuck[0];
  while (current && !walk.includes(current.id)) {
    walk.push(current.id);
    const need = current.needs.find((id) => ids.has(id) && byId.has(id));
    current = need === undefined ? undefined : byId.get(need);
  }
  if (!current) return walk;
  return [...walk.slice(walk.indexOf(current.id)), current.id];
}

/** Every node that needs one of `ids`, directly or through others (not `ids` themselves). */
export function dependentsOf(nodes: readonly GraphNode[], ids: readonly string[]): string[] {
  const found = new Set<string>();
  const frontier = [...ids];
  while (frontier.length) {
    const id = frontier.pop()!;
    for (const node of nodes) {
      if (node.needs.includes(id) && !found.has(node.id) && !ids.includes(node.id)) {
        found.add(node.id);
        frontier.push(node.id);
      }
    }
  }
  return nodes.map((n) => n.id).filter((id) => found.has(id));
}

/** Every node `id` needs, directly or through others. */
export function upstreamOf(nodes: readonly GraphNode[], id: string): string[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const found = new Set<string>();
  const frontier = [...(byId.get(id)?.needs ?? [])];
  while (frontier.length) {
    const need = frontier.pop()!;
    if (found.has(need) || need === id) continue;
    found.add(need);
    frontier.push(...(byId.get(need)?.needs ?? []));
  }
  return nodes.map((n) => n.id).filter((n) => found.has(n));
}
