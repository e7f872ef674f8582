/** Manual ordering of banners and section items: items carry a position; moving swaps neighbours. */
export type Direction = "up" | "down";

export interface Positioned<Id> {
  id: Id;
  position: number;
}

/**
 * The position updates that move item `id` one place up or down in `items` (sorted by position):
 * [] when it is already at that end, null when `id` is not in the list.
 */
export function swapWithNeighbour<Id>(items: Positioned<Id>[], id: Id, direction: Direction): Positioned<Id>[] | null {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return null;
  const item = items[index] as Positioned<Id>;
  const other = items[direction === "up" ? index - 1 : index + 1];
  if (!other) return [];
  return [
    { id: item.id, position: other.position },
    { id: other.id, position: item.position },
  ];
}
