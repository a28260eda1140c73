// Spring chains over time: fixed implicit-Euler substeps under an
// interpolated driver, and the chain bones turned in the model matrices.
// The model is described in kin/springs/spring_chain.h.
#include <algorithm>
#include <cmath>

#include "kin/springs/spring_chain.h"

namespace kin {
namespace {

// Below this length (model units) a direction is not trusted.
constexpr float kTinyLength = 1e-12f;

// The shortest rotation taking unit vector a onto unit vector b; identity when
// they agree to float precision, so that a chain at rest turns no bone.
glm::quat RotationBetween(const glm::vec3& a, const glm::vec3& b) {
  const float d = glm::dot(a, b);
  if (d >= 1.0f - 1e-7f) return glm::quat(1.0f, 0, 0, 0);
  if (d <= -1.0f + 1e-7f) {
    // Half a turn about any axis perpendicular to a.
    glm::vec3 axis = glm::cross(a, glm::vec3(1, 0, 0));
    if (glm::dot(axis, axis) < 1e-6f) axis = glm::cross(a, glm::vec3(0, 0, 1));
    axis = glm::normalize(axis);
    return glm::quat(0.0f, axis.x, axis.y, axis.z);
  }
  const glm::vec3 c = glm::cross(a, b);
  return glm::normalize(glm::quat(1.0f + d, c.x, c.y, c.z));
}

// A unit vector perpendicular to unit `a`, in the plane of a and b, pointing toward b.
glm::vec3 TangentToward(const glm::vec3& a, const glm::vec3& b) {
  glm::vec3 t = b - glm::dot(a, b) * a;
  const float length = glm::length(t);
  if (length > 1e-6f) return t / length;
  t = glm::cross(a, glm::vec3(1, 0, 0));
  if (glm::dot(t, t) < 1e-6f) t = glm::cross(a, glm::vec3(0, 0, 1));
  return glm::normalize(t);
}

// How far below the floor, in bone lengths, an origin still counts as on it:
// a parent's tip put on the floor lands there only to float precision.
constexpr float kFloorSlack = 1e-4f;

// Turns unit direction *b about the bone's origin, as little as it takes, so
// that the tip (origin + length · b) is not below the floor y = 0; true when
// it did. An origin below the floor is left alone: no direction helps it.
bool KeepAboveFloor(const glm::vec3& origin, float length, glm::vec3* b) {
  if (!(length > kTinyLength) || !(origin.y >= -kFloorSlack * length) || !(origin.y + length * b->y < 0.0f)) return false;
  const float down = -std::max(origin.y, 0.0f) / length;  // the lowest b.y that keeps the tip on the floor, in [−1, 0]
  glm::vec2 flat(b->x, b->z);
  const float flat_length = glm::length(flat);
  flat = flat_length > 1e-6f ? flat / flat_length : glm::vec2(1.0f, 0.0f);
  const float across = std::sqrt(std::max(0.0f, 1.0f - down * down));
  *b = glm::vec3(across * flat.x, down, across * flat.y);
  return true;
}

}  // namespace

void SpringSystem::ReadDriver(const Chain& chain, Span<const glm::mat4> model_ms) {
  for (int i = chain.first; i < chain.first + chain.count; ++i) {
    Particle& p = particles_[i];
    const glm::mat4& m = model_ms[p.bone];
    p.origin_to_ms = glm::vec3(m[3]);
    p.dir_to_ms = glm::vec3(m * glm::vec4(p.tip_bs, 0.0f));
  }
}

void SpringSystem::Start(Chain& chain, Span<const glm::mat4> model_ms) {
  ReadDriver(chain, model_ms);
  for (int i = chain.first; i < chain.first + chain.count; ++i) {
    Particle& p = particles_[i];
    p.origin_from_ms = p.origin_to_ms;
    p.dir_from_ms = p.dir_to_ms;
  }
  Place(chain, 1.0f, 0.0f, Pass::kStart);
  chain.fresh = false;
  chain.quiet_substeps = 0;
}

void SpringSystem::Place(Chain& chain, float alpha, float h, Pass pass) {
  const SpringChainDef& def = chain.def;
  const glm::vec3 gravity(0.0f, -def.gravity, 0.0f);
  const float denominator = 1.0f + h * chain.c + h * h * chain.k;
  bool quiet = true;
  glm::quat rotation(1.0f, 0, 0, 0);  // the parent chain bone's turn
  glm::vec3 parent_driven(0.0f), parent_origin(0.0f);
  for (int i = chain.first; i < chain.first + chain.count; ++i) {
    Particle& p = particles_[i];
    // The driver at alpha: origins linearly, directions linearly with their length restored.
    const glm::vec3 driven_origin = glm::mix(p.origin_from_ms, p.origin_to_ms, alpha);
    glm::vec3 dir = glm::mix(p.dir_from_ms, p.dir_to_ms, alpha);
    const float length = glm::mix(glm::length(p.dir_from_ms), glm::length(p.dir_to_ms), alpha);
    const float mixed_length = glm::length(dir);
    dir = mixed_length > kTinyLength ? dir * (length / mixed_length) : p.dir_to_ms;
    // Carried by the parent chain bone's turn (the first bone's parent is driven).
    const glm::vec3 origin = i == chain.first ? driven_origin : parent_origin + rotation * (driven_origin - parent_driven);
    const glm::vec3 goal_dir = rotation * dir;
    const glm::vec3 goal = origin + goal_dir;

    glm::vec3 y = p.y;
    glm::vec3 w = p.w;
    if (pass == Pass::kStart) {
      y = w = p.y = p.w = glm::vec3(0.0f);
      p.goal_ms = goal;
      p.goal_velocity = glm::vec3(0.0f);
    } else if (pass == Pass::kSubstep) {
      const glm::vec3 goal_velocity = (goal - p.goal_ms) / h;
      // −inertia · (goal acceleration) · h: the change of the goal's velocity over the substep.
      const glm::vec3 kick = -def.inertia * (goal_velocity - p.goal_velocity);
      w = (w + kick + h * (-chain.k * y + gravity)) / denominator;
      y += h * w;
      p.goal_ms = goal;
      p.goal_velocity = goal_velocity;
    }

    // The tip at the bone's length from its origin, within the swing limit of the goal direction.
    const glm::vec3 a = length > kTinyLength ? goal_dir / length : glm::vec3(0.0f, 1.0f, 0.0f);
    const glm::vec3 reach = goal + y - origin;
    const float reach_length = glm::length(reach);
    glm::vec3 b = reach_length > kTinyLength ? reach / reach_length : a;
    bool limited = false;
    if (glm::dot(a, b) < p.cos_swing) {
      b = p.cos_swing * a + p.sin_swing * TangentToward(a, b);
      limited = true;
    }
    const bool floored = def.floor && KeepAboveFloor(origin, length, &b);
    const glm::vec3 tip = origin + length * b;
    if (pass == Pass::kSubstep) {
      // The constraints take the velocity they push against: along the bone, and out past the limit.
      w -= glm::dot(w, b) * b;
      if (floored) {
        // The floor takes the velocity into it: of what turns the bone, the
        // part that lowers the tip (along `lift`, perpendicular to the bone and
        // to the floor's circle of places the tip can slide along).
        const glm::vec3 slide = glm::cross(b, glm::vec3(0.0f, 1.0f, 0.0f));
        if (glm::dot(slide, slide) > 1e-12f) {
          glm::vec3 lift = glm::normalize(glm::cross(slide, b));
          if (lift.y < 0.0f) lift = -lift;
          const float into = glm::dot(w, lift);
          if (into < 0.0f) w -= into * lift;
        }
      }
      if (limited) {
        // Away from the goal direction, perpendicular to the bone: removing it
        // puts back none of the velocity along the bone, which a chain resting
        // on its limit would otherwise keep and never count as settled.
        const glm::vec3 outward = -TangentToward(b, a);
        const float out = glm::dot(w, outward);
        if (out > 0.0f) w -= out * outward;
      }
      p.y = tip - goal;
      p.w = w;
      // Measured after the constraints: at rest under gravity the spring keeps pulling along the bone.
      const float quiet_speed = kSpringSettledSpeed * length;
      if (glm::length(w) >= quiet_speed || glm::length(p.goal_velocity) >= quiet_speed) quiet = false;
    }
    rotation = RotationBetween(a, b) * rotation;
    p.rotation = rotation;
    p.driven_origin_ms = driven_origin;
    p.origin_ms = origin;
    parent_driven = driven_origin;
    parent_origin = origin;
  }
  if (pass == Pass::kSubstep) chain.quiet_substeps = quiet ? chain.quiet_substeps + 1 : 0;
}

void SpringSystem::Apply(const Chain& chain, Span<glm::mat4> model_ms) {
  const int root = particles_[chain.first].bone;
  const int n = static_cast<int>(parent_.size());
  int next = chain.first;  // chain bones come parent-first, so in bone order
  for (int b = root; b < n; ++b) {
    const int parent = parent_[b];
    if (next < chain.first + chain.count && particles_[next].bone == b) {
      const Particle& p = particles_[next++];
      delta_rotation_[b] = p.rotation;
      delta_translation_[b] = p.origin_ms - p.rotation * p.driven_origin_ms;
    } else if (b != root && parent >= root && moved_[parent]) {
      delta_rotation_[b] = delta_rotation_[parent];
      delta_translation_[b] = delta_translation_[parent];
    } else {
      moved_[b] = 0;
      continue;
    }
    moved_[b] = 1;
    glm::mat4& m = model_ms[b];
    const glm::mat3 turn = glm::mat3_cast(delta_rotation_[b]);
    const glm::mat3 linear = turn * glm::mat3(m);
    const glm::vec3 origin = delta_rotation_[b] * glm::vec3(m[3]) + delta_translation_[b];
    m = glm::mat4(glm::vec4(linear[0], 0.0f), glm::vec4(linear[1], 0.0f), glm::vec4(linear[2], 0.0f),
                  glm::vec4(origin, 1.0f));
  }
}

Status SpringSystem::ValidateStep(float dt_s) {
  if (!std::isfinite(dt_s) || !(dt_s > 0.0f) || dt_s > kMaxSpringStep_s)
    return Status::Invalid("spring step dt %g s is not in (0, %g]", dt_s, kMaxSpringStep_s);
  return Status::Ok();
}

Status SpringSystem::Step(float dt_s, Span<glm::mat4> model_ms) {
  const Status status = ValidateStep(dt_s);
  if (!status.ok()) return status;
  if (model_ms.size != parent_.size())
    return Status::Invalid("spring step: %zu model matrices for %zu bones", model_ms.size, parent_.size());
  // Whole substeps in the accumulated time; the tolerance keeps 8 substeps of
  // 1/30 s from coming out as 7 after float rounding.
  float pending_s = accumulator_s_ + dt_s;
  int substeps = static_cast<int>(std::floor(pending_s / kSpringSubstep_s + 1e-3f));
  if (substeps > kMaxSpringSubsteps) {
    substeps = kMaxSpringSubsteps;
    pending_s = substeps * kSpringSubstep_s;
  }
  accumulator_s_ = std::max(0.0f, pending_s - substeps * kSpringSubstep_s);

  for (Chain& chain : chains_) {
    if (!chain.def.enabled) continue;
    if (chain.fresh) {
      Start(chain, model_ms);
    } else {
      ReadDriver(chain, model_ms);
    }
    for (int s = 1; s <= substeps; ++s) {
      // Substep s ends (pending − s·h) before this Step's time.
      const float alpha = std::min(1.0f, std::max(0.0f, 1.0f - (pending_s - s * kSpringSubstep_s) / dt_s));
      Place(chain, alpha, kSpringSubstep_s, Pass::kSubstep);
    }
    Place(chain, 1.0f, 0.0f, Pass::kOutput);
    Apply(chain, model_ms);
    for (int i = chain.first; i < chain.first + chain.count; ++i) {
      Particle& p = particles_[i];
      p.origin_from_ms = p.origin_to_ms;
      p.dir_from_ms = p.dir_to_ms;
    }
  }
  return Status::Ok();
}

}  // namespace kin
