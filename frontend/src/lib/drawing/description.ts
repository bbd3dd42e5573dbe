// The core's drawing description of a network (topology_drawing(config): wasm-core/src/topology/
// drawing.hpp, docs/topologies.md "Drawing"): switches with a layout hint, links and every port's
// name and class. The frontend draws any topology from it alone, knowing no topology kind.

export type Link = [number, number, number, number]; // [a, a's port, b, b's port]

export type LayoutHint =
  // Switch id row-major over dims, dimension 0 fastest; a link leaves its first switch in the +
  // direction of one dimension, so a second end at a lower coordinate is a ring's wrap-around.
  | { type: 'grid'; dims: number[]; wrap: boolean[] }
  // id = level * per_level + index, level 0 at the bottom; `word` names a row ("level", "stage").
  | { type: 'levels'; levels: number; per_level: number; word: string; bottom: string | null; top: string | null }
  // id = group * per_group + index; every_pair: every two groups share a link.
  | { type: 'groups'; groups: number; per_group: number; every_pair: boolean }
  | { type: 'force' };

export interface TopologyDrawing {
  kind: string;
  switches: number;
  nodes: number;
  ports_per_switch: number;
  layout: LayoutHint | { type: string };
  // false: too big to draw switch by switch (max_switches); only the counts and the layout hint came.
  drawn: boolean;
  max_switches: number;
  links: Link[] | null; // null: too many to list
  link_bundles: Array<[number, number, number, number, number]> | null; // [row, group, row + 1, group, links]
  port_classes: string[];
  port_sets: Array<Array<[string, number]>>; // [name, class index] per port
  switch_port_set: number[];
}

// Port `port` of switch `switchId` as the core names and classes it; "port N" when the
// description does not cover it (a network too big to draw).
export function portOf(d: TopologyDrawing | undefined, switchId: number, port: number): { name: string; portClass: string } {
  const named = d?.port_sets[d.switch_port_set[switchId]]?.[port];
  return named ? { name: named[0], portClass: d.port_classes[named[1]] ?? '' } : { name: `port ${port}`, portClass: '' };
}

// The network as captions name it: "4×4 torus", "fat_tree".
export function networkName(d: TopologyDrawing | undefined): string {
  const kind = d?.kind ?? 'network';
  return d?.layout.type === 'grid' ? `${(d.layout as { dims: number[] }).dims.join('×')} ${kind}` : kind;
}
