#include "kin/mirror.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "kin/euler.h"
#include "kin/limits.h"

namespace kin {
namespace {

bool IsSeparator(char c) { return c == '_' || c == '.' || c == '-' || c == ' ' || c == ':'; }
bool IsLower(char c) { return c >= 'a' && c <= 'z'; }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }

struct SideWords {
  const char* left;
  const char* right;
};
constexpr SideWords kWords[] = {{"Left", "Right"}, {"left", "right"}, {"LEFT", "RIGHT"}};

// `word` at `at` in `name` and not run into a longer word: a capitalised or
// upper-case word may follow anything but its own case (camelCase
// "upperLeftArm" counts), a lower-case one only a non-letter; none may run on
// into letters of its own case ("Leftover", "leftist" do not count).
bool WordAt(const std::string& name, std::size_t at, const std::string& word) {
  if (name.compare(at, word.size(), word) != 0) return false;
  const char before = at > 0 ? name[at - 1] : '\0';
  const char after = at + word.size() < name.size() ? name[at + word.size()] : '\0';
  const bool upper_case = IsUpper(word[1]);
  if (upper_case) return !IsUpper(before) && !IsUpper(after);
  if (IsUpper(word[0])) return !IsLower(after);
  return !IsLower(before) && !IsUpper(before) && !IsLower(after);
}

// The last side word in `name`, replaced by the other side's.
BodySide MirrorWord(const std::string& name, std::string* partner) {
  for (const SideWords& words : kWords) {
    for (const bool left : {true, false}) {
      const std::string word = left ? words.left : words.right;
      const std::string other = left ? words.right : words.left;
      for (std::size_t at = name.rfind(word); at != std::string::npos; at = at == 0 ? std::string::npos : name.rfind(word, at - 1)) {
        if (!WordAt(name, at, word)) continue;
        *partner = name.substr(0, at) + other + name.substr(at + word.size());
        return left ? BodySide::kLeft : BodySide::kRight;
      }
    }
  }
  return BodySide::kCentre;
}

// The last one-letter side token (l, L, r, R between separators or ends).
BodySide MirrorLetter(const std::string& name, std::string* partner) {
  for (std::size_t i = name.size(); i-- > 0;) {
    const char c = name[i];
    if (c != 'l' && c != 'L' && c != 'r' && c != 'R') continue;
    if ((i > 0 && !IsSeparator(name[i - 1])) || (i + 1 < name.size() && !IsSeparator(name[i + 1]))) continue;
    const bool left = c == 'l' || c == 'L';
    const char swapped = left ? (c == 'l' ? 'r' : 'R') : (c == 'r' ? 'l' : 'L');
    *partner = name;
    (*partner)[i] = swapped;
    return left ? BodySide::kLeft : BodySide::kRight;
  }
  return BodySide::kCentre;
}

const glm::dmat3 kMirror(glm::dvec3(-1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1));

double MaxAbs(const glm::dmat3& m) {
  double worst = 0.0;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) worst = std::max(worst, std::fabs(m[c][r]));
  return worst;
}

// Size of the model at bind, for tolerances: the farthest bone origin or tip.
double ModelSize(const Skeleton& skeleton) {
  double size = 1e-6;
  for (int j = 0; j < skeleton.bone_count(); ++j) {
    const glm::mat4& b = skeleton.bind_ms(j);
    size = std::max(size, static_cast<double>(glm::length(glm::vec3(b[3]))));
    size = std::max(size, static_cast<double>(glm::length(glm::vec3(b * glm::vec4(skeleton.tip_bs(j), 1.0f)))));
  }
  return size;
}

const char* SideName(BodySide side) { return side == BodySide::kLeft ? "left" : side == BodySide::kRight ? "right" : "centre"; }

Status CheckPair(const Skeleton& skeleton, const MirrorMap& map, int j, double size, glm::quat* swap_q) {
  const int partner = map.partner[j];
  const char* name = skeleton.name(j).c_str();
  const char* partner_name = skeleton.name(partner).c_str();
  const int parent = skeleton.parent(j);
  const int mirrored_parent = parent < 0 ? -1 : map.partner[parent];
  if (skeleton.parent(partner) != mirrored_parent) {
    return Status::Invalid("mirror: bone %d '%s' and its partner '%s' do not hang from mirrored parents", j, name,
                           partner_name);
  }
  const glm::dmat4 bind_j(skeleton.bind_ms(j));
  const glm::dmat4 bind_partner(skeleton.bind_ms(partner));
  const glm::dvec3 gap = glm::dvec3(bind_partner[3]) - kMirror * glm::dvec3(bind_j[3]);
  if (glm::length(gap) > 1e-3 * size) {
    if (partner == j) {
      return Status::Invalid("mirror: centre bone %d '%s' sits %.3g off the mirror plane x = 0 at bind", j, name,
                             bind_j[3].x);
    }
    return Status::Invalid("mirror: bones '%s' and '%s' are not mirror images at bind (origins %.3g apart after mirroring)",
                           name, partner_name, glm::length(gap));
  }
  // N_j = B_σ⁻¹ · M · B_j must be a reflection for the pose to mirror.
  const glm::dmat3 n = glm::inverse(glm::dmat3(bind_partner)) * kMirror * glm::dmat3(bind_j);
  if (MaxAbs(glm::transpose(n) * n - glm::dmat3(1.0)) > 1e-3 || glm::determinant(n) > 0.0) {
    return Status::Invalid("mirror: bone %d '%s' (%s) and '%s' are not mirror images at bind (scale or handedness)", j,
                           name, SideName(map.side[j]), partner_name);
  }
  *swap_q = glm::quat(glm::normalize(glm::quat_cast(-n)));
  return Status::Ok();
}

// The joint rotation Q = F · E(θ) · F⁻¹ of `bone` (bone space).
glm::quat JointRotation(const Skeleton& skeleton, int bone, const glm::vec3& angles) {
  const glm::quat& f = skeleton.frame(bone);
  return f * EulerRotation(skeleton.order(bone), angles) * glm::conjugate(f);
}

float BoxDistance(const glm::vec3& angles, const glm::vec3& lo, const glm::vec3& hi) {
  const glm::vec3 outside = glm::max(lo - angles, glm::vec3(0.0f)) + glm::max(angles - hi, glm::vec3(0.0f));
  return glm::dot(outside, outside);
}

// Each slot of `angles` shifted by whole turns to lie nearest `near`.
glm::vec3 NearestTurn(const glm::vec3& angles, const glm::vec3& near) {
  const float turn = 6.28318531f;
  return angles + turn * glm::round((near - angles) / turn);
}

// Angles of `bone` for the joint rotation `q_bs`, inside its limits. Every
// rotation has two Euler solutions (up to whole turns); the limits usually
// admit one, which is the one taken (so mirroring is exact and invertible),
// and where both fit, the one nearer `hint` (continuity).
glm::vec3 AnglesFor(const Skeleton& skeleton, int bone, const glm::quat& q_bs, const glm::vec3& hint) {
  const glm::quat& f = skeleton.frame(bone);
  const glm::quat e = glm::conjugate(f) * q_bs * f;
  const EulerOrder order = skeleton.order(bone);
  const glm::vec3& lo = skeleton.min_angle(bone);
  const glm::vec3& hi = skeleton.max_angle(bone);
  const glm::vec3 middle = 0.5f * (lo + hi);
  const float pi = 3.14159265f;
  const glm::vec3 first = EulerFromRotation(order, e, middle);
  const bool proper = EulerAxis(order, 0) == EulerAxis(order, 2);
  const glm::vec3 second(first.x + pi, proper ? -first.y : pi - first.y, first.z + pi);
  glm::vec3 best = first;
  float best_box = INFINITY, best_hint = INFINITY;
  for (const glm::vec3& solution : {first, second}) {
    const glm::vec3 candidate = NearestTurn(solution, middle);
    const float box = BoxDistance(candidate, lo, hi);
    const glm::vec3 step = NearestTurn(candidate, hint) - hint;
    const float from_hint = glm::dot(step, step);
    if (box < best_box || (box == best_box && from_hint < best_hint)) {
      best = candidate;
      best_box = box;
      best_hint = from_hint;
    }
  }
  return ProjectJointLimits(skeleton, bone, best);
}

bool Finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

BodySide MirrorName(const std::string& name, std::string* partner) {
  partner->clear();
  const BodySide side = MirrorWord(name, partner);
  return side != BodySide::kCentre ? side : MirrorLetter(name, partner);
}

// `name` without its digits: exporters number bones in file order, so the
// two sides of a pair often differ there alone ("b_LeftUpperArm_06" and
// "b_RightUpperArm_17").
std::string WithoutDigits(const std::string& name) {
  std::string out;
  for (const char c : name)
    if (c < '0' || c > '9') out += c;
  return out;
}

constexpr int kNoBone = -1;
constexpr int kSeveralBones = -2;

// The bone named `name`, or else the one bone named as it is once digits are
// left out of both (kNoBone, or kSeveralBones when more than one is).
int FindPartner(const Skeleton& skeleton, const std::string& name) {
  const int exact = skeleton.FindBone(name);
  if (exact >= 0) return exact;
  const std::string key = WithoutDigits(name);
  if (key == name) return kNoBone;
  int found = kNoBone;
  for (int k = 0; k < skeleton.bone_count(); ++k) {
    if (WithoutDigits(skeleton.name(k)) != key) continue;
    if (found != kNoBone) return kSeveralBones;
    found = k;
  }
  return found;
}

Status BuildMirrorMap(const Skeleton& skeleton, MirrorMap* out) {
  if (out == nullptr) return Status::Invalid("mirror: no output given");
  *out = MirrorMap();
  const int n = skeleton.bone_count();
  MirrorMap map;
  map.partner.resize(n);
  map.side.resize(n);
  map.swap_q.resize(n);
  std::string partner_name, back;
  for (int j = 0; j < n; ++j) {
    const std::string& name = skeleton.name(j);
    map.side[j] = MirrorName(name, &partner_name);
    if (map.side[j] == BodySide::kCentre) {
      map.partner[j] = j;
      continue;
    }
    const int partner = FindPartner(skeleton, partner_name);
    if (partner == kSeveralBones) {
      return Status::Invalid("mirror: bone %d '%s' is on the %s, and more than one bone is named '%s' but for digits",
                             j, name.c_str(), SideName(map.side[j]), partner_name.c_str());
    }
    if (partner < 0) {
      return Status::Invalid("mirror: bone %d '%s' is on the %s but there is no bone '%s'", j, name.c_str(),
                             SideName(map.side[j]), partner_name.c_str());
    }
    MirrorName(skeleton.name(partner), &back);
    const int home = FindPartner(skeleton, back);
    if (home == kSeveralBones) {
      return Status::Invalid("mirror: bone %d '%s' pairs with '%s', and more than one bone is named '%s' but for digits",
                             j, name.c_str(), skeleton.name(partner).c_str(), back.c_str());
    }
    if (home != j) {
      return Status::Invalid("mirror: bone %d '%s' pairs with '%s', which pairs with '%s'", j, name.c_str(),
                             skeleton.name(partner).c_str(), back.c_str());
    }
    map.partner[j] = partner;
  }
  const double size = ModelSize(skeleton);
  for (int j = 0; j < n; ++j) {
    const Status status = CheckPair(skeleton, map, j, size, &map.swap_q[j]);
    if (!status.ok()) return status;
  }
  *out = std::move(map);
  return Status::Ok();
}

const char* MirrorModeName(MirrorMode mode) {
  switch (mode) {
    case MirrorMode::kLeftToRight: return "left-to-right";
    case MirrorMode::kRightToLeft: return "right-to-left";
    case MirrorMode::kFlip: return "flip";
    case MirrorMode::kCount: break;
  }
  return "???";
}

Status MirrorPoseJob::Validate() const {
  if (skeleton == nullptr || map == nullptr) return Status::Invalid("mirror: no skeleton or mirror map given");
  const std::size_t n = static_cast<std::size_t>(skeleton->bone_count());
  if (map->partner.size() != n || map->side.size() != n || map->swap_q.size() != n)
    return Status::Invalid("mirror: the mirror map has %zu bones, the skeleton %zu", map->partner.size(), n);
  const int m = static_cast<int>(mode);
  if (m < 0 || m >= static_cast<int>(MirrorMode::kCount))
    return Status::Invalid("mirror: mode %d is not one of the %d modes", m, static_cast<int>(MirrorMode::kCount));
  if (angles.size != n) return Status::Invalid("mirror: pose has %zu bones, expected %zu", angles.size, n);
  if (out_angles.size != n) return Status::Invalid("mirror: output pose has %zu bones, expected %zu", out_angles.size, n);
  if (out_root_offset_ms == nullptr) return Status::Invalid("mirror: no output root offset given");
  if (n > 0 && out_angles.begin() < angles.end() && angles.begin() < out_angles.end())
    return Status::Invalid("mirror: the output pose overlaps the input pose");
  for (std::size_t j = 0; j < n; ++j)
    if (!Finite(angles[j])) return Status::Invalid("mirror: angles of bone %zu '%s' are not finite", j, skeleton->name(static_cast<int>(j)).c_str());
  if (!Finite(root_offset_ms)) return Status::Invalid("mirror: root offset is not finite");
  return Status::Ok();
}

Status MirrorPoseJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  const Skeleton& s = *skeleton;
  // The side the pose is copied from; kCentre for a flip, where no side is kept.
  const BodySide kept = mode == MirrorMode::kLeftToRight   ? BodySide::kLeft
                        : mode == MirrorMode::kRightToLeft ? BodySide::kRight
                                                           : BodySide::kCentre;
  for (int j = 0; j < s.bone_count(); ++j) {
    const BodySide side = map->side[j];
    if (kept != BodySide::kCentre && side == kept) {
      out_angles[j] = angles[j];
      continue;
    }
    const glm::quat& r = map->swap_q[j];
    const int source = map->partner[j];
    const glm::quat mirrored = glm::conjugate(r) * JointRotation(s, source, angles[source]) * r;
    glm::quat q = mirrored;
    if (kept != BodySide::kCentre && side == BodySide::kCentre) {
      // Halfway between the rotation and its mirror image: a symmetric rotation.
      const glm::quat own = JointRotation(s, j, angles[j]);
      q = glm::normalize(own + (glm::dot(own, mirrored) < 0.0f ? -mirrored : mirrored));
    }
    out_angles[j] = AnglesFor(s, j, q, angles[j]);
  }
  const glm::vec3 mirrored_offset(-root_offset_ms.x, root_offset_ms.y, root_offset_ms.z);
  *out_root_offset_ms = kept == BodySide::kCentre ? mirrored_offset : glm::vec3(0.0f, root_offset_ms.y, root_offset_ms.z);
  return Status::Ok();
}

}  // namespace kin
