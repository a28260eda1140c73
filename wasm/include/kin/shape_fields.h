// The fields of the plain objects the page hands the core — a goal, a
// spring chain and a flat clip (its own fields, its per-channel arrays and
// its per-key arrays) — declared once: each field's key, kind and whether
// it may be left out. The bindings' parsers read values by these tables
// (wasm/bindings/js_parsers.cpp), contract() exports them, and the build
// writes the TypeScript types of the shapes from that export
// (scripts/write-contract.mjs, web/src/wasm/generated/shapes.ts), so a
// field renamed here is renamed for the page or fails its type check.
#pragma once

#include "kin/span.h"

namespace kin {

// What a field holds, as JavaScript gives it.
enum class FieldKind : int {
  kInteger,  // a number that must be whole
  kNumber,
  kBoolean,
  kString,
  kVec3,     // 3 numbers
  kQuat,     // 4 numbers, x y z w
  kIndices,  // an array of whole numbers
  kNumbers,  // an array (or typed array) of numbers
  kVec2,     // 2 numbers
  kMat4,     // 16 numbers, column-major (three.js Matrix4.elements)
  kCount
};
// "integer", "number", "boolean", "string", "vec3", "quat", "indices", "numbers", "vec2", "mat4".
const char* FieldKindName(FieldKind kind);

struct ShapeField {
  const char* key;  // the property's name ("orientationWeight")
  FieldKind kind;
  bool optional;    // may be undefined (the core's default then)
};

// The shapes, in the order of their tables.
enum class Shape : int { kGoal, kSpringChain, kClip, kClipChannel, kClipKey, kCount };
// Its name in contract().shapes ("goal", "springChain", "clip", "clipChannel", "clipKey").
const char* ShapeName(Shape shape);
Span<const ShapeField> ShapeFields(Shape shape);

// Each table's fields, in table order (the parsers index the tables by these).
enum class GoalField : int {
  kBone, kTarget, kPoint, kWeight, kOrientation, kOrientationWeight, kPole, kPoleWeight, kPoleBone,
  kViewProjection, kImageSize, kTargetPx, kCount
};
enum class SpringChainField : int {
  kName, kBones, kFrequencyHz, kDampingRatio, kGravity, kInertia, kSwingMax, kBoneSwingMax, kFloor, kEnabled, kCount
};
// A flat clip's own fields; its values and tangents hold each key's value
// numbers one key after another.
enum class ClipField : int { kDuration, kValues, kInTangents, kOutTangents, kCount };
// A flat clip's arrays with one number per channel.
enum class ClipChannelField : int { kTargets, kBones, kSlots, kKeyCounts, kCount };
// A flat clip's arrays with one number per key, the channels' keys one
// channel after another.
enum class ClipKeyField : int { kTimes, kInterpolations, kTension, kContinuity, kBias, kCount };

const ShapeField& FieldOf(GoalField field);
const ShapeField& FieldOf(SpringChainField field);
const ShapeField& FieldOf(ClipField field);
const ShapeField& FieldOf(ClipChannelField field);
const ShapeField& FieldOf(ClipKeyField field);

}  // namespace kin
