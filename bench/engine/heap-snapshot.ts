/**
 * A V8 heap snapshot file read into what peak-snapshot.ts reports: self bytes by object (a plain
 * `Object` named by its first property names, so that a context, a snapshot and an event are told
 * apart; strings by kind, not text), and, for chosen objects, who holds them (by the holder's own
 * name, the edge, and the holder's holder): which record keeps a property array, a boxed number
 * or an array's backing store, say. Counts are per edge: an object held from several places (a
 * shared one) is counted once per holder.
 */
import { readFileSync } from 'node:fs';

/** Bytes and objects (or holding edges) summed under one name. */
export interface Tally {
  bytes: number;
  count: number;
}

/** A snapshot's nodes and edges, each node named as peak-snapshot.ts prints it. */
export interface HeapGraph {
  /** The name of each node: `type name`. */
  keys: string[];
  selfSize: Int32Array;
  /** Each node's first edge in `edges` (the last entry is the end). */
  firstEdge: Int32Array;
  /** Per edge: target node, edge type, edge name. */
  edges: { to: Int32Array; type: string[]; name: string[] };
}

/** Reads a heap snapshot file into a {@link HeapGraph}. */
export function readHeapGraph(file: string): HeapGraph {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const { meta } = snapshot.snapshot;
  const width = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [types, edgeTypes] = [meta.node_types[0], meta.edge_types[0]];
  const [typeAt, nameAt, sizeAt, edgesAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number];
  const count = snapshot.nodes.length / width;
  const edgeCount = snapshot.edges.length / edgeWidth;
  const edges = { to: new Int32Array(edgeCount), type: new Array<string>(edgeCount), name: new Array<string>(edgeCount) };
  for (let e = 0; e < edgeCount; e++) {
    const at = e * edgeWidth;
    const type = edgeTypes[snapshot.edges[at + edgeTypeAt]!]!;
    const raw = snapshot.edges[at + edgeNameAt]!;
    edges.type[e] = type;
    // Element and hidden edges are named by index, the others by a string.
    edges.name[e] = type === 'element' || type === 'hidden' ? `[${type}]` : String(snapshot.strings[raw] ?? raw);
    edges.to[e] = snapshot.edges[at + toAt]! / width;
  }
  const keys = new Array<string>(count);
  const selfSize = new Int32Array(count);
  const firstEdge = new Int32Array(count + 1);
  let edge = 0;
  for (let n = 0; n < count; n++) {
    const at = n * width;
    const type = types[snapshot.nodes[at + typeAt]!]!;
    const raw = snapshot.strings[snapshot.nodes[at + nameAt]!]!;
    const own = snapshot.nodes[at + edgesAt]!;
    let name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : raw.slice(0, 60);
    if (type === 'object' && raw === 'Object') {
      const props: string[] = [];
      for (let e = edge; e < edge + own && props.length < 5; e++) if (edges.type[e] === 'property') props.push(edges.name[e]!);
      name = `{${props.join(',')}}`;
    }
    keys[n] = `${type} ${name}`;
    selfSize[n] = snapshot.nodes[at + sizeAt]!;
    firstEdge[n] = edge;
    edge += own;
  }
  firstEdge[count] = edge;
  return { keys, selfSize, firstEdge, edges };
}

/** Self bytes and objects by name. */
export function bytesByObject(graph: HeapGraph): Map<string, Tally> {
  const out = new Map<string, Tally>();
  graph.keys.forEach((key, n) => {
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += graph.selfSize[n]!;
    entry.count += 1;
    out.set(key, entry);
  });
  return out;
}

/**
 * Who holds the objects named `targets`: per `target <-edge- holder <-edge- holder's holder`,
 * the target's bytes and the holding edges (weak edges and shortcuts left out: they keep nothing).
 * The holder's holder is the first strong edge found to it.
 */
export function retainers(graph: HeapGraph, targets: ReadonlySet<string>): Map<string, Tally> {
  const { keys, selfSize, firstEdge, edges } = graph;
  const holds = (e: number) => edges.type[e] !== 'weak' && edges.type[e] !== 'shortcut';
  const holder = new Int32Array(keys.length).fill(-1);
  const holderEdge = new Int32Array(keys.length);
  for (let n = 0; n < keys.length; n++) {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e++) {
      const to = edges.to[e]!;
      if (holds(e) && holder[to] === -1) { holder[to] = n; holderEdge[to] = e; }
    }
  }
  const out = new Map<string, Tally>();
  for (let n = 0; n < keys.length; n++) {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e++) {
      const to = edges.to[e]!;
      if (!holds(e) || !targets.has(keys[to]!)) continue;
      const up = holder[n]! >= 0 ? `  <-${edges.name[holderEdge[n]!]}-  ${keys[holder[n]!]}` : '';
      const key = `${keys[to]} (${selfSize[to]} B)  <-${edges.name[e]}-  ${keys[n]}${up}`;
      const entry = out.get(key) ?? { bytes: 0, count: 0 };
      entry.bytes += selfSize[to]!;
      entry.count += 1;
      out.set(key, entry);
    }
  }
  return out;
}
