// The JavaScript values the bindings take, parsed into the core's plain
// structs (every binding file calls these; none parses a value itself). Each
// parser checks the value's shape and names the bad field; the numbers
// themselves are validated by the core.
#include "js_parsers.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "js_values.h"
#include "kin/flat_rig.h"
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


Status ParseGoal(const val& v, int g, Goal* out, bool* has_point) {
  if (v.typeOf().as<std::string>() != "object" || v.isNull())
    return Status::Invalid("goal %d is not an object", g);
  if (v["bone"].typeOf().as<std::string>() != "number")
    return Status::Invalid("goal %d: bone must be a number", g);
  const double bone = v["bone"].as<double>();
  if (bone != static_cast<double>(static_cast<int>(bone)))
    return Status::Invalid("goal %d: bone index %g is not an integer", g, bone);
  out->bone = static_cast<int>(bone);
  const val target = v["target"];
  if (!IsArrayLike(target) || target["length"].as<int>() != 3)
    return Status::Invalid("goal %d: target must be 3 numbers", g);
  const std::vector<float> t = Numbers(target);
  out->target_ms = glm::vec3(t[0], t[1], t[2]);
  const val point = v["point"];
  *has_point = !point.isUndefined();
  if (*has_point) {
    if (!IsArrayLike(point) || point["length"].as<int>() != 3)
      return Status::Invalid("goal %d: point must be 3 numbers", g);
    const std::vector<float> p = Numbers(point);
    out->point_bs = glm::vec3(p[0], p[1], p[2]);
  }
  out->weight = v["weight"].isUndefined() ? 1.0f : v["weight"].as<float>();
  const val orientation = v["orientation"];
  if (!orientation.isUndefined()) {
    if (!IsArrayLike(orientation) || orientation["length"].as<int>() != 4)
      return Status::Invalid("goal %d: orientation must be 4 numbers (x, y, z, w)", g);
    const std::vector<float> q = Numbers(orientation);
    out->has_orientation = true;
    out->target_q_ms = glm::quat(q[3], q[0], q[1], q[2]);
    out->orientation_weight = v["orientationWeight"].isUndefined() ? 1.0f : v["orientationWeight"].as<float>();
  }
  const val pole = v["pole"];
  if (!pole.isUndefined()) {
    out->has_pole = true;
    const Status status = ParseVec3(pole, "pole", &out->pole_ms);
    if (!status.ok()) return Status::Invalid("goal %d: pole must be 3 numbers", g);
    out->pole_weight = v["poleWeight"].isUndefined() ? 1.0f : v["poleWeight"].as<float>();
    const val pole_bone = v["poleBone"];
    if (!pole_bone.isUndefined()) {
      const double b = pole_bone.as<double>();
      if (b != static_cast<double>(static_cast<int>(b))) return Status::Invalid("goal %d: pole bone %g is not an index", g, b);
      out->pole_bone = static_cast<int>(b);
    }
  }
  return Status::Ok();
}


Status ParseSpringChain(const val& v, int c, SpringChainDef* def) {
  if (v.typeOf().as<std::string>() != "object" || v.isNull()) return Status::Invalid("spring chain %d is not an object", c);
  const val name = v["name"];
  if (!name.isUndefined()) {
    if (!name.isString()) return Status::Invalid("spring chain %d: name must be a string", c);
    def->name = name.as<std::string>();
  }
  const val bones = v["bones"];
  if (!IsArrayLike(bones)) return Status::Invalid("spring chain %d '%.60s': bones must be an array of indices", c, def->name.c_str());
  for (const float b : Numbers(bones)) {
    if (b != static_cast<float>(static_cast<int>(b)))
      return Status::Invalid("spring chain %d '%.60s': bone %g is not an index", c, def->name.c_str(), b);
    def->bones.push_back(static_cast<int>(b));
  }
  struct Field { const char* key; float* value; };
  const Field fields[] = {{"frequencyHz", &def->frequency_hz}, {"dampingRatio", &def->damping_ratio},
                          {"gravity", &def->gravity}, {"inertia", &def->inertia}, {"swingMax", &def->swing_max}};
  for (const Field& f : fields) {
    const val field = v[f.key];
    if (field.isUndefined()) continue;
    if (field.typeOf().as<std::string>() != "number")
      return Status::Invalid("spring chain %d '%.60s': %s must be a number", c, def->name.c_str(), f.key);
    *f.value = field.as<float>();
  }
  const val bone_swing_max = v["boneSwingMax"];
  if (!bone_swing_max.isUndefined()) {
    if (!IsArrayLike(bone_swing_max))
      return Status::Invalid("spring chain %d '%.60s': boneSwingMax must be an array of numbers", c, def->name.c_str());
    // An entry that is not a number (a string, null) becomes NaN rather than
    // Number()'s guess, and the core refuses it naming the bone.
    const int count = bone_swing_max["length"].as<int>();
    for (int i = 0; i < count; ++i) {
      const val limit = bone_swing_max[i];
      def->bone_swing_max.push_back(limit.typeOf().as<std::string>() == "number" ? limit.as<float>() : NAN);
    }
  }
  const val enabled = v["enabled"];
  if (!enabled.isUndefined()) {
    if (enabled.typeOf().as<std::string>() != "boolean")
      return Status::Invalid("spring chain %d '%.60s': enabled must be a boolean", c, def->name.c_str());
    def->enabled = enabled.as<bool>();
  }
  return Status::Ok();
}


Status ParseClip(const val& clip, ClipDef* def) {
  if (clip.typeOf().as<std::string>() != "object" || clip.isNull()) return Status::Invalid("clip: not an object");
  if (clip["duration"].typeOf().as<std::string>() != "number") return Status::Invalid("clip: duration must be a number");
  def->duration = clip["duration"].as<float>();
  struct Field { const char* key; bool optional; std::vector<float> values; };
  Field fields[] = {{"targets", false, {}},  {"bones", false, {}},      {"slots", false, {}},
                    {"keyCounts", false, {}}, {"times", false, {}},     {"interpolations", false, {}},
                    {"tension", false, {}},   {"continuity", false, {}}, {"bias", false, {}},
                    {"values", false, {}},    {"inTangents", true, {}},  {"outTangents", true, {}}};
  for (Field& f : fields) {
    const val v = clip[f.key];
    if (f.optional && (v.isUndefined() || v.isNull())) continue;
    if (!IsArrayLike(v)) return Status::Invalid("clip: %s must be an array of numbers", f.key);
    f.values = Numbers(v);
  }
  const std::vector<float>& targets = fields[0].values;
  const std::size_t channels = targets.size();
  for (int f = 1; f < 4; ++f)
    if (fields[f].values.size() != channels)
      return Status::Invalid("clip: %s has %zu entries for %zu channels", fields[f].key, fields[f].values.size(), channels);
  const std::size_t keys = fields[4].values.size();
  for (int f = 5; f < 9; ++f)
    if (fields[f].values.size() != keys)
      return Status::Invalid("clip: %s has %zu entries for %zu keys", fields[f].key, fields[f].values.size(), keys);
  if (keys > static_cast<std::size_t>(kMaxClipKeys) || channels > static_cast<std::size_t>(kMaxClipChannels))
    return Status::Invalid("clip: %zu channels and %zu keys is more than the %d and %d supported", channels, keys,
                           kMaxClipChannels, kMaxClipKeys);
  // Integers as the core takes them; a fraction or NaN becomes an out-of-range code that Build names.
  const auto code = [](float v) { return v == std::floor(v) && std::fabs(v) < 1e9f ? static_cast<int>(v) : -1; };
  std::size_t first_key = 0, value_offset = 0;
  for (std::size_t c = 0; c < channels; ++c) {
    ChannelDef channel;
    channel.target = code(targets[c]);
    channel.bone = code(fields[1].values[c]);
    channel.slot = code(fields[2].values[c]);
    channel.key_count = code(fields[3].values[c]);
    if (channel.key_count < 0 || static_cast<std::size_t>(channel.key_count) > keys - first_key)
      return Status::Invalid("clip: channel %zu: key count %g does not fit the %zu keys left", c, fields[3].values[c],
                             keys - first_key);
    channel.first_key = static_cast<int>(first_key);
    const int size = ChannelValueSize(static_cast<ChannelTarget>(channel.target));
    for (int k = 0; k < channel.key_count; ++k) {
      const std::size_t i = first_key + k;
      KeyDef key;
      key.time = fields[4].values[i];
      key.interpolation = code(fields[5].values[i]);
      key.tension = fields[6].values[i];
      key.continuity = fields[7].values[i];
      key.bias = fields[8].values[i];
      key.value_offset = static_cast<int>(value_offset);
      value_offset += static_cast<std::size_t>(size);
      def->keys.push_back(key);
    }
    first_key += static_cast<std::size_t>(channel.key_count);
    def->channels.push_back(channel);
  }
  if (first_key != keys) return Status::Invalid("clip: the key counts add up to %zu keys, times has %zu", first_key, keys);
  def->values = std::move(fields[9].values);
  if (def->values.size() != value_offset)
    return Status::Invalid("clip: values has %zu numbers, the channels' keys need %zu", def->values.size(), value_offset);
  def->in_tangents = std::move(fields[10].values);
  def->out_tangents = std::move(fields[11].values);
  return Status::Ok();
}

// desc: { names: string[], parents, restT (3/bone), restQ (4/bone, x y z w),
//         restS (3/bone), frames (4/bone), orders (string[]), minAngles,
//         maxAngles, tips (3/bone), inverseBinds (16/bone, optional),
//         stiffness, swingMax, twistMin, twistMax (1/bone, optional) }
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
