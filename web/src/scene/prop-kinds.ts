// What kinds of prop there are and what the scene must know of each shape
// without drawing it: its size (for placing a new one on the floor) and, for
// the seats, where the top of the seat is (sitting finds it there). The
// drawing (three/prop-shapes.ts) builds every shape from these numbers.

export const PRIMITIVE_KINDS = ['box', 'sphere', 'cylinder', 'cone', 'plane'] as const;
export const SEAT_KINDS = ['stool', 'chair'] as const;
/** The kinds kin.addProp and the Props panel make from nothing (a 'file' prop comes with its bytes). */
export const BUILT_IN_KINDS = [...PRIMITIVE_KINDS, ...SEAT_KINDS] as const;
export const PROP_KINDS = [...BUILT_IN_KINDS, 'file'] as const;

export type BuiltInKind = (typeof BUILT_IN_KINDS)[number];
export type SeatKind = (typeof SEAT_KINDS)[number];
export type PropKind = (typeof PROP_KINDS)[number];

export function isBuiltInKind(kind: unknown): kind is BuiltInKind {
  return (BUILT_IN_KINDS as readonly unknown[]).includes(kind);
}

export function isSeatKind(kind: unknown): kind is SeatKind {
  return (SEAT_KINDS as readonly unknown[]).includes(kind);
}

/** A primitive's size (metres): a box's edge, a sphere's, cylinder's and cone's diameter and height, a plane's side. */
export const PRIMITIVE_SIZE_M = 0.4;
export const PLANE_SIZE_M = 1;

/** A seat's top above the floor (metres): a dining chair's and a kitchen stool's, the height people sit at. */
export const SEAT_HEIGHT_M = 0.45;
/** The seat's board: its thickness (its top is at SEAT_HEIGHT_M) and its side (a square). */
export const SEAT_THICKNESS_M = 0.04;
export const SEAT_SIDE_M = 0.42;
/** The chair's back above the seat; the back stands at the seat's −Z edge, so a sitter faces +Z. */
export const CHAIR_BACK_HEIGHT_M = 0.45;

/**
 * Where the shape's origin is above its lowest point (metres): a new prop
 * stands on the floor. The seats' and the plane's origin is on the floor;
 * the other primitives' is their centre.
 */
export function restingHeight(kind: BuiltInKind): number {
  if (kind === 'plane' || isSeatKind(kind)) return 0;
  return PRIMITIVE_SIZE_M / 2;
}

/** The seat's top centre in the prop's own frame, or null for a kind that is not a seat. */
export function seatTop_ps(kind: PropKind): [number, number, number] | null {
  return isSeatKind(kind) ? [0, SEAT_HEIGHT_M, 0] : null;
}
