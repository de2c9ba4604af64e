/**
 * Holding an import graph to a table of rooms: which imports cross into a room the table does
 * not allow, and the graph of rooms itself (whose cycles `cyclesOf` finds).
 */
import type { ImportGraph } from '../helpers/import-graph.js';
import { roomOf } from './layers.js';

/** Rooms, each to the rooms it may import (itself always allowed). */
export type RoomTable = Readonly<Record<string, readonly string[]>>;

/**
 * Every import of `graph` that breaks `table`, one sentence each naming the file and what it
 * imports, sorted: an import into a room its own room may not import, and a file whose room
 * the table does not know (a new directory must be placed on purpose). Empty when all is well.
 */
export function breaches(graph: ImportGraph, table: RoomTable): string[] {
  const found: string[] = [];
  for (const [file, imported] of graph) {
    const from = roomOf(file);
    if (from === null || !(from in table)) {
      found.push(`${file} is in no room of the table (${from ?? 'outside src/ and machines/'})`);
      continue;
    }
    for (const target of imported) {
      const to = roomOf(target);
      if (to !== null && to !== from && !table[from]!.includes(to)) found.push(`${file} imports ${target}: ${from} may not import ${to}`);
    }
  }
  return found.sort();
}

/** The rooms of `graph`, each to the other rooms its files import. */
export function roomGraph(graph: ImportGraph): ImportGraph {
  const rooms: ImportGraph = new Map();
  for (const [file, imported] of graph) {
    const from = roomOf(file);
    if (from === null) continue;
    const targets = rooms.get(from) ?? new Set<string>();
    rooms.set(from, targets);
    for (const target of imported) {
      const to = roomOf(target);
      if (to !== null && to !== from) targets.add(to);
    }
  }
  return rooms;
}
