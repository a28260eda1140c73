// The JavaScript values the bindings take, parsed into the core's plain
// structs (every binding file calls these; none parses a value itself). Each
// parser checks the value's shape and names the bad field; the numbers
// themselves are validated by the core.
#include "js_parsers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "js_values.h"
#include "kin/flat_rig.h"
#include "kin/shape_fields.h"
#include "kin/skinning.h"

namespace kin {

using emscripten::val;

Status ParseVec3(const val& v, const char* what, glm::vec3* out) {
  if (!IsArrayLike(v) || v["length"].as<int>() != 3) return Status::Invalid("%s must be 3 numbers", what);
  const std::vector<float> n = Numbers(v);
  *out = glm::vec3(n[0], n[1], n[2]);
  return Status::Ok();
}


// Any IkOptions field by its key in the option table (kin/ik/solver_registry.h).
Status ParseOptions(const val& options, IkOptions* o) {
  if (options.isUndefined() || options.isNull()) return Status::Ok();
  if (options.typeOf().as<std::string>() != "object") return Status::Invalid("solver options must be an object");
  const val keys = val::global("Object").call<val>("keys", options);
  for (int i = 0; i < keys["length"].as<int>(); ++i) {
    const std::string key = keys[i].as<std::string>();
    const IkOptionInfo* info = FindIkOption(key.c_str());
    if (info == nullptr) return Status::Invalid("unknown solver option '%s'", key.c_str());
    const val v = options[key];
    const std::string type = v.typeOf().as<std::string>();
    switch (info->type) {
      case IkOptionType::kInteger:
        if (type != "number") return Status::Invalid("solver option '%s' has the wrong type", info->key);
        // A fractional count would be truncated silently otherwise.
        if (v.as<double>() != static_cast<double>(v.as<int>()))
          return Status::Invalid("solver option '%s' must be an integer", info->key);
        o->*info->integer = v.as<int>();
        break;
      case IkOptionType::kNumber:
        if (type != "number") return Status::Invalid("solver option '%s' has the wrong type", info->key);
        o->*info->number = v.as<float>();
        break;
      case IkOptionType::kBoolean:
        if (type != "boolean") return Status::Invalid("solver option '%s' has the wrong type", info->key);
        o->*info->boolean = v.as<bool>();
        break;
      case IkOptionType::kVec3: {
        const Status status = ParseVec3(v, info->key, &(o->*info->vector));
        if (!status.ok()) return status;
        break;
      }
    }
  }
  return Status::Ok();
}


namespace {

// What a field of each kind must be, for the messages.
const char* KindWords(FieldKind kind) {
  static const char* const kWords[] = {"a whole number", "a number",  "a boolean", "a string", "3 numbers",
                                       "4 numbers (x, y, z, w)", "an array of indices", "an array of numbers",
                                       "2 numbers", "16 numbers (a column-major 4×4 matrix)"};
  static_assert(sizeof(kWords) / sizeof(kWords[0]) == static_cast<int>(FieldKind::kCount), "words per kind");
  return kWords[static_cast<int>(kind)];
}

bool IsWhole(double v) { return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 2147483648.0; }

bool HasKind(const val& v, FieldKind kind) {
  const std::string type = v.typeOf().as<std::string>();
  switch (kind) {
    case FieldKind::kInteger: return type == "number" && IsWhole(v.as<double>());
    case FieldKind::kNumber: return type == "number";
    case FieldKind::kBoolean: return type == "boolean";
    case FieldKind::kString: return type == "string";
    case FieldKind::kVec3: return IsArrayLike(v) && v["length"].as<int>() == 3;
    case FieldKind::kQuat: return IsArrayLike(v) && v["length"].as<int>() == 4;
    case FieldKind::kIndices:  // whole numbers, checked as they are copied
    case FieldKind::kNumbers: return IsArrayLike(v);
    case FieldKind::kVec2: return IsArrayLike(v) && v["length"].as<int>() == 2;
    case FieldKind::kMat4: return IsArrayLike(v) && v["length"].as<int>() == 16;
    case FieldKind::kCount: break;
  }
  return false;
}

// Field `f` of the object `v` into *out (undefined: an optional field left
// out, null counting as left out), or why not; `where` names the object.
Status ReadField(const val& v, const ShapeField& f, const std::string& where, val* out) {
  *out = v[f.key];
  if (f.optional && (out->isUndefined() || out->isNull())) {
    *out = val::undefined();
    return Status::Ok();
  }
  if (!HasKind(*out, f.kind)) return Status::Invalid("%s: %s must be %s", where.c_str(), f.key, KindWords(f.kind));
  return Status::Ok();
}

template <typename Field>
Status Read(const val& v, Field field, const std::string& where, val* out) {
  return ReadField(v, FieldOf(field), where, out);
}

glm::vec3 Vec3Of(const val& v) {
  const std::vector<float> n = Numbers(v);
  return glm::vec3(n[0], n[1], n[2]);
}

std::string Where(const char* format, int index, const std::string& name = std::string()) {
  char text[128];
  std::snprintf(text, sizeof(text), format, index, name.c_str());
  return text;
}

}  // namespace

Status ParseGoal(const val& v, int g, Goal* out, bool* has_point) {
  if (v.typeOf().as<std::string>() != "object" || v.isNull())
    return Status::Invalid("goal %d is not an object", g);
  const std::string where = Where("goal %d", g);
  val field = val::undefined();
  Status status = Read(v, GoalField::kBone, where, &field);
  if (!status.ok()) return status;
  out->bone = field.as<int>();
  if (!(status = Read(v, GoalField::kTarget, where, &field)).ok()) return status;
  out->target_ms = Vec3Of(field);
  if (!(status = Read(v, GoalField::kPoint, where, &field)).ok()) return status;
  *has_point = !field.isUndefined();
  if (*has_point) out->point_bs = Vec3Of(field);
  if (!(status = Read(v, GoalField::kWeight, where, &field)).ok()) return status;
  if (!field.isUndefined()) out->weight = field.as<float>();
  if (!(status = Read(v, GoalField::kOrientation, where, &field)).ok()) return status;
  if (!field.isUndefined()) {
    const std::vector<float> q = Numbers(field);
    out->has_orientation = true;
    out->target_q_ms = glm::quat(q[3], q[0], q[1], q[2]);
    if (!(status = Read(v, GoalField::kOrientationWeight, where, &field)).ok()) return status;
    if (!field.isUndefined()) out->orientation_weight = field.as<float>();
  }
  if (!(status = Read(v, GoalField::kPole, where, &field)).ok()) return status;
  if (!field.isUndefined()) {
    out->has_pole = true;
    out->pole_ms = Vec3Of(field);
    if (!(status = Read(v, GoalField::kPoleWeight, where, &field)).ok()) return status;
    if (!field.isUndefined()) out->pole_weight = field.as<float>();
    if (!(status = Read(v, GoalField::kPoleBone, where, &field)).ok()) return status;
    if (!field.isUndefined()) out->pole_bone = field.as<int>();
  }
  // The image size and target pixel are checked whenever given, and
  // required with a view-projection (a projected goal).
  val view_projection = val::undefined();
  if (!(status = Read(v, GoalField::kViewProjection, where, &view_projection)).ok()) return status;
  out->has_projection = !view_projection.isUndefined();
  if (out->has_projection) {
    const std::vector<float> m = Numbers(view_projection);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) out->view_projection_ms[c][r] = m[4 * c + r];
  }
  for (const GoalField f : {GoalField::kImageSize, GoalField::kTargetPx}) {
    if (!(status = Read(v, f, where, &field)).ok()) return status;
    if (field.isUndefined() && out->has_projection)
      return Status::Invalid("%s: %s must be given with viewProjection", where.c_str(), FieldOf(f).key);
    if (field.isUndefined()) continue;
    const std::vector<float> xy = Numbers(field);
    (f == GoalField::kImageSize ? out->image_size_px : out->target_px) = glm::vec2(xy[0], xy[1]);
  }
  return Status::Ok();
}


Status ParseSpringChain(const val& v, int c, SpringChainDef* def) {
  if (v.typeOf().as<std::string>() != "object" || v.isNull()) return Status::Invalid("spring chain %d is not an object", c);
  val field = val::undefined();
  Status status = Read(v, SpringChainField::kName, Where("spring chain %d", c), &field);
  if (!status.ok()) return status;
  if (!field.isUndefined()) def->name = field.as<std::string>();
  const std::string where = Where("spring chain %d '%.60s'", c, def->name);
  if (!(status = Read(v, SpringChainField::kBones, where, &field)).ok()) return status;
  for (const float b : Numbers(field)) {
    if (!IsWhole(b)) return Status::Invalid("%s: bone %g is not an index", where.c_str(), b);
    def->bones.push_back(static_cast<int>(b));
  }
  struct Parameter { SpringChainField field; float* value; };
  const Parameter parameters[] = {{SpringChainField::kFrequencyHz, &def->frequency_hz},
                                  {SpringChainField::kDampingRatio, &def->damping_ratio},
                                  {SpringChainField::kGravity, &def->gravity},
                                  {SpringChainField::kInertia, &def->inertia},
                                  {SpringChainField::kSwingMax, &def->swing_max}};
  for (const Parameter& p : parameters) {
    if (!(status = Read(v, p.field, where, &field)).ok()) return status;
    if (!field.isUndefined()) *p.value = field.as<float>();
  }
  if (!(status = Read(v, SpringChainField::kBoneSwingMax, where, &field)).ok()) return status;
  if (!field.isUndefined()) {
    // An entry that is not a number (a string, null) becomes NaN rather than
    // Number()'s guess, and the core refuses it naming the bone.
    const int count = field["length"].as<int>();
    for (int i = 0; i < count; ++i) {
      const val limit = field[i];
      def->bone_swing_max.push_back(limit.typeOf().as<std::string>() == "number" ? limit.as<float>() : NAN);
    }
  }
  if (!(status = Read(v, SpringChainField::kFloor, where, &field)).ok()) return status;
  if (!field.isUndefined()) def->floor = field.as<bool>();
  if (!(status = Read(v, SpringChainField::kEnabled, where, &field)).ok()) return status;
  if (!field.isUndefined()) def->enabled = field.as<bool>();
  return Status::Ok();
}


namespace {

// Every array of one of the clip's tables, all `count` long (`per`: "channels", "keys").
template <typename Field>
Status ReadClipArrays(const val& clip, const char* per, std::vector<float> (*arrays)[static_cast<int>(Field::kCount)],
                      std::size_t* count) {
  for (int f = 0; f < static_cast<int>(Field::kCount); ++f) {
    val field = val::undefined();
    const Status status = Read(clip, static_cast<Field>(f), "clip", &field);
    if (!status.ok()) return status;
    (*arrays)[f] = Numbers(field);
    if (f == 0) *count = (*arrays)[0].size();
    if ((*arrays)[f].size() != *count)
      return Status::Invalid("clip: %s has %zu entries for %zu %s", FieldOf(static_cast<Field>(f)).key,
                             (*arrays)[f].size(), *count, per);
  }
  return Status::Ok();
}

}  // namespace

Status ParseClip(const val& clip, ClipDef* def) {
  if (clip.typeOf().as<std::string>() != "object" || clip.isNull()) return Status::Invalid("clip: not an object");
  val field = val::undefined();
  Status status = Read(clip, ClipField::kDuration, "clip", &field);
  if (!status.ok()) return status;
  def->duration = field.as<float>();
  std::vector<float> per_channel[static_cast<int>(ClipChannelField::kCount)];
  std::vector<float> per_key[static_cast<int>(ClipKeyField::kCount)];
  std::size_t channels = 0, keys = 0;
  if (!(status = ReadClipArrays<ClipChannelField>(clip, "channels", &per_channel, &channels)).ok()) return status;
  if (!(status = ReadClipArrays<ClipKeyField>(clip, "keys", &per_key, &keys)).ok()) return status;
  if (keys > static_cast<std::size_t>(kMaxClipKeys) || channels > static_cast<std::size_t>(kMaxClipChannels))
    return Status::Invalid("clip: %zu channels and %zu keys is more than the %d and %d supported", channels, keys,
                           kMaxClipChannels, kMaxClipKeys);
  const auto channel_field = [&per_channel](ClipChannelField f) -> const std::vector<float>& {
    return per_channel[static_cast<int>(f)];
  };
  const auto key_field = [&per_key](ClipKeyField f) -> const std::vector<float>& { return per_key[static_cast<int>(f)]; };
  // Integers as the core takes them; a fraction or NaN becomes an out-of-range code that Build names.
  const auto code = [](float v) { return v == std::floor(v) && std::fabs(v) < 1e9f ? static_cast<int>(v) : -1; };
  std::size_t first_key = 0, value_offset = 0;
  for (std::size_t c = 0; c < channels; ++c) {
    ChannelDef channel;
    channel.target = code(channel_field(ClipChannelField::kTargets)[c]);
    channel.bone = code(channel_field(ClipChannelField::kBones)[c]);
    channel.slot = code(channel_field(ClipChannelField::kSlots)[c]);
    const float key_count = channel_field(ClipChannelField::kKeyCounts)[c];
    channel.key_count = code(key_count);
    if (channel.key_count < 0 || static_cast<std::size_t>(channel.key_count) > keys - first_key)
      return Status::Invalid("clip: channel %zu: key count %g does not fit the %zu keys left", c, key_count,
                             keys - first_key);
    channel.first_key = static_cast<int>(first_key);
    const int size = ChannelValueSize(static_cast<ChannelTarget>(channel.target));
    for (int k = 0; k < channel.key_count; ++k) {
      const std::size_t i = first_key + k;
      KeyDef key;
      key.time = key_field(ClipKeyField::kTimes)[i];
      key.interpolation = code(key_field(ClipKeyField::kInterpolations)[i]);
      key.tension = key_field(ClipKeyField::kTension)[i];
      key.continuity = key_field(ClipKeyField::kContinuity)[i];
      key.bias = key_field(ClipKeyField::kBias)[i];
      key.value_offset = static_cast<int>(value_offset);
      value_offset += static_cast<std::size_t>(size);
      def->keys.push_back(key);
    }
    first_key += static_cast<std::size_t>(channel.key_count);
    def->channels.push_back(channel);
  }
  if (first_key != keys)
    return Status::Invalid("clip: the key counts add up to %zu keys, %s has %zu", first_key,
                           FieldOf(ClipKeyField::kTimes).key, keys);
  struct Values { ClipField field; std::vector<float>* out; };
  const Values values[] = {{ClipField::kValues, &def->values},
                           {ClipField::kInTangents, &def->in_tangents},
                           {ClipField::kOutTangents, &def->out_tangents}};
  for (const Values& v : values) {
    if (!(status = Read(clip, v.field, "clip", &field)).ok()) return status;
    if (!field.isUndefined()) *v.out = Numbers(field);
  }
  if (def->values.size() != value_offset)
    return Status::Invalid("clip: %s has %zu numbers, the channels' keys need %zu", FieldOf(ClipField::kValues).key,
                           def->values.size(), value_offset);
  return Status::Ok();
}

// desc: { names: string[], parents, restT (3/bone), restQ (4/bone, x y z w),
//         restS (3/bone), frames (4/bone), orders (string[]), minAngles,
//         maxAngles, tips (3/bone), inverseBinds (16/bone, optional),
//         stiffness, swingMax, twistMin, twistMax (1/bone, optional),
//         ikRange (3/bone, optional) }
// Copies the description out of JavaScript (each array's length checked
// before it is copied) for the core's conversion (kin/flat_rig.h).
Status ParseFlatRig(const val& desc, std::vector<BoneDef>* bones) {
  if (desc.typeOf().as<std::string>() != "object" || desc.isNull()) return Status::Invalid("rig description is not an object");
  const val names = desc["names"];
  if (!names.isArray()) return Status::Invalid("names must be an array of strings");
  const int n = names["length"].as<int>();
  if (n < 1) return Status::Invalid("a rig needs at least one bone");
  if (n > kMaxBones) return Status::Invalid("%d bones is more than the %d supported", n, kMaxBones);

  FlatRigDesc flat;
  for (int f = 0; f < static_cast<int>(FlatField::kCount); ++f) {
    const FlatFieldInfo& info = FlatFieldInfoOf(static_cast<FlatField>(f));
    const val v = desc[info.key];
    if (info.optional && (v.isUndefined() || v.isNull())) continue;
    if (!IsArrayLike(v)) return Status::Invalid("%s must be an array of numbers", info.key);
    const Status length = CheckFlatFieldLength(static_cast<FlatField>(f), n, v["length"].as<double>());
    if (!length.ok()) return length;
    flat.fields[f] = Numbers(v);
  }
  const val orders = desc["orders"];
  if (!orders.isArray() || orders["length"].as<int>() != n)
    return Status::Invalid("orders must be an array of %d Euler order names", n);
  for (int i = 0; i < n; ++i) {
    if (!names[i].isString()) return Status::Invalid("name of bone %d is not a string", i);
    flat.names.push_back(names[i].as<std::string>());
    flat.orders.push_back(orders[i].isString() ? orders[i].as<std::string>() : std::string());
  }
  return BonesFromFlatRig(flat, bones);
}


Status ParseGoals(const val& goals, const Skeleton& skeleton, std::vector<Goal>* out) {
  if (!goals.isArray()) return Status::Invalid("goals must be an array");
  const int count = goals["length"].as<int>();
  // Counted before anything is allocated for them.
  const Status counted = ValidateGoalCount(static_cast<std::size_t>(count));
  if (!counted.ok()) return counted;
  out->assign(static_cast<std::size_t>(count), Goal());
  for (int g = 0; g < count; ++g) {
    bool has_point = false;
    const Status status = ParseGoal(goals[g], g, &(*out)[g], &has_point);
    if (!status.ok()) return status;
    // Without a point, a goal pulls on the bone's tip.
    const int bone = (*out)[g].bone;
    if (!has_point && bone >= 0 && bone < skeleton.bone_count()) (*out)[g].point_bs = skeleton.tip_bs(bone);
  }
  return Status::Ok();
}

Status ParseSpringChains(const val& chains, std::vector<SpringChainDef>* defs) {
  if (!chains.isArray()) return Status::Invalid("spring chains must be an array");
  const int count = chains["length"].as<int>();
  defs->assign(static_cast<std::size_t>(std::max(count, 0)), SpringChainDef());
  for (int c = 0; c < count; ++c) {
    const Status status = ParseSpringChain(chains[c], c, &(*defs)[c]);
    if (!status.ok()) return status;
  }
  return Status::Ok();
}

Status ParseSkin(const val& positions, const val& normals, const val& joints, const val& weights, SkinArrays* out) {
  for (const val* v : {&positions, &normals, &joints, &weights})
    if (!IsArrayLike(*v)) return Status::Invalid("skin positions, normals, joints and weights must be arrays of numbers");
  // Counted before they are copied: an oversized skin is refused, not allocated.
  const Status counted = ValidateSkinVertexCount(positions["length"].as<double>() / 3.0);
  if (!counted.ok()) return counted;
  out->positions = Numbers(positions);
  out->normals = Numbers(normals);
  out->weights = Numbers(weights);
  const std::vector<float> j = Numbers(joints);
  out->joints.resize(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!(j[i] >= 0.0f && j[i] < 65536.0f) || j[i] != static_cast<float>(static_cast<int>(j[i])))
      return Status::Invalid("skin joint %g (number %zu) is not an index", j[i], i);
    out->joints[i] = static_cast<std::uint16_t>(j[i]);
  }
  return Status::Ok();
}

Status ParseNumbers(const val& v, const char* what, std::vector<float>* out) {
  if (!IsArrayLike(v)) return Status::Invalid("%s must be an array of numbers", what);
  *out = Numbers(v);
  return Status::Ok();
}

}  // namespace kin
