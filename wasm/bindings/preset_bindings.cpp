// Embind for the two seed conventions (kin/presets.h): a lesson describes its
// bones the way its convention does, and the core's preset turns them into
// the joint model. Each function takes an array of plain bone objects and
// returns { bones, error }: on success `bones` holds one BoneDesc per bone
// (web/src/rig/rig-desc.ts) and `error` is empty; otherwise `bones` is empty
// and `error` names the bone and the field.
//
// BoneDesc objects rather than the flat arrays load() takes: they are what
// Rig.create() takes and keeps as its description (exports write from it),
// so TypeScript needs no inverse of flattenRigDesc, and the flat layout stays
// one-way (TypeScript to the core) with its single reader, LoadDesc.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "js_values.h"
#include "kin/euler.h"
#include "kin/presets.h"
#include "kin/skeleton.h"

namespace kin {
namespace {

using emscripten::val;

// Reads the fields of one bone object; the first error sticks, so a parser
// reads every field and checks once.
class BoneReader {
 public:
  BoneReader(const val& bone, int index) : bone_(bone), index_(index) {
    if (bone.typeOf().as<std::string>() != "object" || bone.isNull()) Fail("is not an object");
  }

  const Status& status() const { return status_; }

  void Name(std::string* out) {
    if (!status_.ok()) return;
    const val v = bone_["name"];
    if (!v.isString()) return Fail("name must be a string");
    *out = v.as<std::string>();
    // An empty name is the core's to name (its validation runs on every bone).
    const Status named = CheckBoneName(index_, *out);
    if (!named.ok() && !out->empty()) {
      status_ = named;
      return;
    }
    name_ = *out;
  }

  // An integer; the range (parent-first order) is the core's to check.
  void Parent(int* out) {
    float parent = 0.0f;
    Numbers("parent", 1, false, &parent);
    if (!status_.ok()) return;
    if (!(std::floor(parent) == parent && std::fabs(parent) <= static_cast<float>(kMaxBones)))
      return Fail("parent %g is not a bone index", parent);
    *out = static_cast<int>(parent);
  }

  // `count` numbers (a number for 1, an array otherwise); an optional field
  // that is absent leaves *out at the preset's default. NaN passes: the
  // core's validation names it.
  void Numbers(const char* key, int count, bool optional, float* out) {
    if (!status_.ok()) return;
    const val v = bone_[key];
    if (optional && v.isUndefined()) return;
    if (count == 1) {
      if (v.typeOf().as<std::string>() != "number") return Fail("%s must be a number", key);
      *out = v.as<float>();
      return;
    }
    if (!IsArrayLike(v) || v["length"].as<int>() != count) return Fail("%s must be %d numbers", key, count);
    const std::vector<float> n = kin::Numbers(v);
    for (int k = 0; k < count; ++k) out[k] = n[k];
  }

 private:
  __attribute__((format(printf, 2, 3))) void Fail(const char* format, ...) {
    char text[128];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    status_ = name_.empty() ? Status::Invalid("bone %d: %s", index_, text)
                            : Status::Invalid("bone %d '%s': %s", index_, name_.c_str(), text);
  }

  const val& bone_;
  int index_;
  std::string name_;
  Status status_;
};

Status ParseAxesFromBone(const val& bone, int i, AxesFromBoneDef* d) {
  BoneReader r(bone, i);
  r.Name(&d->name);
  r.Parent(&d->parent);
  r.Numbers("extent", 3, false, &d->extent.x);
  r.Numbers("roll", 1, false, &d->roll);
  r.Numbers("base", 3, true, &d->base.x);
  r.Numbers("min", 3, true, &d->min_angle.x);
  r.Numbers("max", 3, true, &d->max_angle.x);
  return r.status();
}

Status ParseCanonicalBone(const val& bone, int i, CanonicalBoneDef* d) {
  BoneReader r(bone, i);
  r.Name(&d->name);
  r.Parent(&d->parent);
  float q[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  r.Numbers("restT", 3, false, &d->rest_t.x);
  r.Numbers("restQ", 4, false, q);
  r.Numbers("length", 1, false, &d->length);
  r.Numbers("min", 3, true, &d->min_angle.x);
  r.Numbers("max", 3, true, &d->max_angle.x);
  d->rest_q = glm::quat(q[3], q[0], q[1], q[2]);
  return r.status();
}

val Decimals(std::initializer_list<float> values) {
  val out = val::array();
  for (const float v : values) out.call<void>("push", ShortestDecimal(v));
  return out;
}

// The BoneDesc fields a preset decides; the others (stiffness, swing-twist
// limits, inverse bind) keep their defaults, which BoneDesc and BoneDef share.
val BoneDescObject(const BoneDef& b) {
  val out = val::object();
  out.set("name", b.name);
  out.set("parent", b.parent);
  out.set("restT", Decimals({b.rest_t.x, b.rest_t.y, b.rest_t.z}));
  out.set("restQ", Decimals({b.rest_q.x, b.rest_q.y, b.rest_q.z, b.rest_q.w}));
  out.set("restS", Decimals({b.rest_s.x, b.rest_s.y, b.rest_s.z}));
  out.set("frame", Decimals({b.frame.x, b.frame.y, b.frame.z, b.frame.w}));
  out.set("order", std::string(EulerOrderName(b.order)));
  out.set("min", Decimals({b.min_angle.x, b.min_angle.y, b.min_angle.z}));
  out.set("max", Decimals({b.max_angle.x, b.max_angle.y, b.max_angle.z}));
  out.set("tip", Decimals({b.tip_bs.x, b.tip_bs.y, b.tip_bs.z}));
  return out;
}

val Result(const std::vector<BoneDef>& bones, const Status& status) {
  val out = val::object();
  val descs = val::array();
  if (status.ok())
    for (const BoneDef& b : bones) descs.call<void>("push", BoneDescObject(b));
  out.set("bones", descs);
  out.set("error", std::string(status.ok() ? "" : status.message));
  return out;
}

// Parses, validates in the preset's terms, converts, and builds a skeleton
// from the result so that what only Skeleton::Build checks (names, limits,
// rest rotations) fails here too, not later in load().
template <typename Def>
val Preset(const val& bones, Status (*parse)(const val&, int, Def*), Status (*validate)(Span<const Def>),
           std::vector<BoneDef> (*convert)(const std::vector<Def>&)) {
  if (!bones.isArray()) return Result({}, Status::Invalid("bones must be an array of bone objects"));
  const int n = bones["length"].as<int>();
  if (n > kMaxBones) return Result({}, Status::Invalid("%d bones is more than the %d supported", n, kMaxBones));
  std::vector<Def> defs(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const Status status = parse(bones[i], i, &defs[i]);
    if (!status.ok()) return Result({}, status);
  }
  Status status = validate(Span<const Def>(defs.data(), defs.size()));
  if (!status.ok()) return Result({}, status);
  const std::vector<BoneDef> converted = convert(defs);
  Skeleton skeleton;
  status = Skeleton::Build(Span<const BoneDef>(converted.data(), converted.size()), &skeleton);
  return Result(converted, status);
}

// bones: [{ name, parent, extent: [x, y, z], roll, base?, min?, max? }].
val AxesFromBoneRig(const val& bones) {
  return Preset<AxesFromBoneDef>(bones, ParseAxesFromBone, ValidateAxesFromBoneDefs, AxesFromBoneSkeleton);
}

// bones: [{ name, parent, restT: [x, y, z], restQ: [x, y, z, w], length, min?, max? }].
val CanonicalBoneRig(const val& bones) {
  return Preset<CanonicalBoneDef>(bones, ParseCanonicalBone, ValidateCanonicalBoneDefs, CanonicalBoneSkeleton);
}

}  // namespace
}  // namespace kin

EMSCRIPTEN_BINDINGS(kin_presets) {
  emscripten::function("axesFromBoneRig", &kin::AxesFromBoneRig);
  emscripten::function("canonicalBoneRig", &kin::CanonicalBoneRig);
}
