#include "kin/shape_fields.h"

namespace kin {
namespace {

constexpr ShapeField kGoalFields[] = {
    {"bone", FieldKind::kInteger, false},        {"target", FieldKind::kVec3, false},
    {"point", FieldKind::kVec3, true},           {"weight", FieldKind::kNumber, true},
    {"orientation", FieldKind::kQuat, true},     {"orientationWeight", FieldKind::kNumber, true},
    {"pole", FieldKind::kVec3, true},            {"poleWeight", FieldKind::kNumber, true},
    {"poleBone", FieldKind::kInteger, true},
    // A projected goal (Goal::has_projection): given a view-projection, the
    // image size and the target pixel are required too, and target is not read.
    {"viewProjection", FieldKind::kMat4, true},  {"imageSize", FieldKind::kVec2, true},
    {"targetPx", FieldKind::kVec2, true}};
constexpr ShapeField kSpringChainFields[] = {
    {"name", FieldKind::kString, true},         {"bones", FieldKind::kIndices, false},
    {"frequencyHz", FieldKind::kNumber, true},  {"dampingRatio", FieldKind::kNumber, true},
    {"gravity", FieldKind::kNumber, true},      {"inertia", FieldKind::kNumber, true},
    {"swingMax", FieldKind::kNumber, true},     {"boneSwingMax", FieldKind::kNumbers, true},
    {"floor", FieldKind::kBoolean, true},       {"enabled", FieldKind::kBoolean, true}};
constexpr ShapeField kClipFields[] = {{"duration", FieldKind::kNumber, false},
                                      {"values", FieldKind::kNumbers, false},
                                      {"inTangents", FieldKind::kNumbers, true},
                                      {"outTangents", FieldKind::kNumbers, true}};
constexpr ShapeField kClipChannelFields[] = {{"targets", FieldKind::kNumbers, false},
                                             {"bones", FieldKind::kNumbers, false},
                                             {"slots", FieldKind::kNumbers, false},
                                             {"keyCounts", FieldKind::kNumbers, false}};
constexpr ShapeField kClipKeyFields[] = {{"times", FieldKind::kNumbers, false},
                                         {"interpolations", FieldKind::kNumbers, false},
                                         {"tension", FieldKind::kNumbers, false},
                                         {"continuity", FieldKind::kNumbers, false},
                                         {"bias", FieldKind::kNumbers, false}};

template <typename Field, std::size_t N>
constexpr bool Covers(const ShapeField (&)[N]) {
  return N == static_cast<std::size_t>(Field::kCount);
}
static_assert(Covers<GoalField>(kGoalFields), "one entry per GoalField");
static_assert(Covers<SpringChainField>(kSpringChainFields), "one entry per SpringChainField");
static_assert(Covers<ClipField>(kClipFields), "one entry per ClipField");
static_assert(Covers<ClipChannelField>(kClipChannelFields), "one entry per ClipChannelField");
static_assert(Covers<ClipKeyField>(kClipKeyFields), "one entry per ClipKeyField");

}  // namespace

const char* FieldKindName(FieldKind kind) {
  static const char* const kNames[] = {"integer", "number", "boolean", "string", "vec3",
                                       "quat",    "indices", "numbers", "vec2",   "mat4"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<int>(FieldKind::kCount), "a name per kind");
  return kNames[static_cast<int>(kind)];
}

const char* ShapeName(Shape shape) {
  static const char* const kNames[] = {"goal", "springChain", "clip", "clipChannel", "clipKey"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<int>(Shape::kCount), "a name per shape");
  return kNames[static_cast<int>(shape)];
}

Span<const ShapeField> ShapeFields(Shape shape) {
  switch (shape) {
    case Shape::kGoal: return {kGoalFields, sizeof(kGoalFields) / sizeof(kGoalFields[0])};
    case Shape::kSpringChain: return {kSpringChainFields, sizeof(kSpringChainFields) / sizeof(kSpringChainFields[0])};
    case Shape::kClip: return {kClipFields, sizeof(kClipFields) / sizeof(kClipFields[0])};
    case Shape::kClipChannel: return {kClipChannelFields, sizeof(kClipChannelFields) / sizeof(kClipChannelFields[0])};
    case Shape::kClipKey: return {kClipKeyFields, sizeof(kClipKeyFields) / sizeof(kClipKeyFields[0])};
    case Shape::kCount: break;
  }
  return {};
}

const ShapeField& FieldOf(GoalField field) { return kGoalFields[static_cast<int>(field)]; }
const ShapeField& FieldOf(SpringChainField field) { return kSpringChainFields[static_cast<int>(field)]; }
const ShapeField& FieldOf(ClipField field) { return kClipFields[static_cast<int>(field)]; }
const ShapeField& FieldOf(ClipChannelField field) { return kClipChannelFields[static_cast<int>(field)]; }
const ShapeField& FieldOf(ClipKeyField field) { return kClipKeyFields[static_cast<int>(field)]; }

}  // namespace kin
