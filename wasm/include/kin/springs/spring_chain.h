// Spring chains ("jiggle", "wiggle" or spring bones): chains of bones that
// follow the animated or solved pose through damped springs, so that tails,
// ponytails and ears swing and settle. They act on the model matrices after
// FK, never on the pose's angles: keys, links and exports stay the animator's.
//
// Each chain bone carries a particle at its tip. The particle's goal is where
// the tip would be if the bone kept its driven direction relative to its
// (simulated) parent; the particle's offset y from that goal obeys
//   y'' = −k y − c y' + gravity − inertia · (the goal's acceleration)
// with k = (2π frequency_hz)², c = 2 damping_ratio √k. One step of implicit
// (backward) Euler with step h takes the relative velocity w = y' to
//   w' = (w + h (−k y + f)) / (1 + h c + h² k),   y' = y + h w',
// which is stable for every h, k, c ≥ 0 (the amplification factor stays
// below one), and damps at least as much as the continuous spring does, so a
// released spring overshoots at most exp(−ζπ / √(1 − ζ²)) of its start.
// After each substep the tip is put back at the bone's length from its
// origin, its swing from the goal direction is limited to its swing limit
// (SwingLimit()), with a floor kept above it (SpringChainDef::floor), and
// the bone turns about its origin to point at it, carrying its descendants.
//
// Time: fixed substeps of kSpringSubstep_s with an accumulator; the driving
// pose is interpolated linearly between the previous Step's and this one's
// across the substeps, so the result depends on the frame rate only through
// that interpolation, which turns the driver's acceleration into a kick at
// each frame (measured in tests/cpp/spring_chain_test.cpp: under a smooth
// drive, 30 and 240 frames per second agree within kSpringFrameRateTolerance
// of the largest swing; a chain flailing against its limits is chaotic and
// no two frame rates agree for long). A Step longer than kMaxSpringSubsteps substeps drops the rest of
// its time: after a stall (a hidden tab) the chain jumps to the driver
// instead of replaying seconds of motion in one frame.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/skeleton.h"
#include "kin/span.h"
#include "kin/status.h"

namespace kin {

constexpr float kSpringSubstep_s = 1.0f / 240.0f;
// 0.1 s of substeps: the page's frame loop clamps its dt to this too.
constexpr int kMaxSpringSubsteps = 24;
// Largest dt Step() takes; anything beyond kMaxSpringSubsteps substeps of it is dropped.
constexpr float kMaxSpringStep_s = 1.0f;
// 30 fps vs 240 fps: the largest tip difference as a fraction of the largest
// swing (a tip's distance from its driven place) under a smooth drive.
constexpr float kSpringFrameRateTolerance = 0.02f;  // measured: 0.0097
// Settled(): every particle's speed relative to its goal, and every goal's
// speed, below this many bone lengths per second for kSpringSettleTime_s.
constexpr float kSpringSettledSpeed = 1e-3f;
constexpr float kSpringSettleTime_s = 0.1f;

// Parameter ranges Build() accepts (inclusive unless said).
constexpr float kMaxSpringFrequency_hz = 20.0f;  // and > 0
constexpr float kMaxSpringDampingRatio = 10.0f;
constexpr float kMaxSpringGravity = 1000.0f;
constexpr float kMaxSpringInertia = 4.0f;
constexpr int kMaxSpringChains = 64;

struct SpringChainDef {
  // Parent-first, each bone the parent of the next; the first one's parent
  // is not simulated by this chain (it is driven).
  std::vector<int> bones;
  // Oscillations per second of the undamped spring (> 0). A half-life
  // (the time in which the amplitude halves) follows from both parameters:
  // ln 2 / (damping_ratio · 2π frequency_hz) for damping_ratio ≤ 1.
  float frequency_hz = 2.0f;
  // 0 undamped (implicit Euler still loses a little energy per substep), 1
  // critically damped, above 1 creeping.
  float damping_ratio = 0.5f;
  // Acceleration along the model's −Y, model units per second² (9.81 for a
  // rig in metres).
  float gravity = 9.81f;
  // How much of the driving motion's acceleration the chain feels: 1 like a
  // mass on a spring, 0 the chain only swings under gravity and its own
  // spring, 2 exaggerated.
  float inertia = 1.0f;
  // The most each bone swings away from its driven direction (radians, in (0, π]).
  float swing_max = 1.2f;
  // Each bone's own swing limit, one per entry of `bones` in its order
  // (radians, each in (0, π]), for a chain stiff at its root and loose at its
  // end; empty, every bone takes swing_max.
  std::vector<float> bone_swing_max;
  // The tips stay at or above the character's floor (y = 0 in model space,
  // as kin/floor_goal.h's): a ponytail on a body lying down rests on the
  // floor instead of hanging through it. A bone whose origin is below the
  // floor is left free (no turn brings its tip up).
  bool floor = false;
  bool enabled = true;
  std::string name;
};

// A SpringChainDef with the defaults above.
SpringChainDef DefaultSpringChainDef();

// The swing limit of the chain's bone i (0 the first): its own, or the chain's.
float SwingLimit(const SpringChainDef& def, int i);

class SpringSystem {
 public:
  // Validates `defs` against `skeleton` and builds into *out (left unchanged
  // on failure; the message names the chain and the bone). Allocates.
  static Status Build(const Skeleton& skeleton, Span<const SpringChainDef> defs, SpringSystem* out);

  int chain_count() const { return static_cast<int>(chains_.size()); }
  // Chains are numbered as their defs were given.
  const SpringChainDef& def(int chain) const { return chains_[chain_of_def_[chain]].def; }
  bool enabled(int chain) const { return def(chain).enabled; }

  // Turns a chain on or off; a chain turned on starts from its driven pose at
  // the next Step (no jump from where it was when turned off).
  Status SetEnabled(int chain, bool on);

  // Every particle back on its driven tip, at rest, with `model_ms` (one per
  // skeleton bone) as the driving pose; the accumulator empties.
  void Reset(Span<const glm::mat4> model_ms);

  // Whether Step() takes dt_s (the message says why not).
  static Status ValidateStep(float dt_s);

  // Advances by dt seconds (finite, in (0, kMaxSpringStep_s]) with `model_ms`
  // the driving pose now (FK of the animated or solved pose): on return each
  // enabled chain's bones are turned about their origins, their descendants
  // carried. Does not allocate; on invalid input changes nothing.
  Status Step(float dt_s, Span<glm::mat4> model_ms);

  // Whether every enabled chain has come to rest (see kSpringSettledSpeed);
  // true with no enabled chain.
  bool Settled() const;

 private:
  struct Chain {
    SpringChainDef def;
    int first = 0;         // its first particle
    int count = 0;
    float k = 0.0f;        // (2π f)²
    float c = 0.0f;        // 2 ζ √k
    bool fresh = true;     // starts from the driver at the next Step
    int quiet_substeps = 0;
  };
  // One particle per chain bone, at its tip.
  struct Particle {
    int bone = 0;
    glm::vec3 tip_bs{0.0f};
    glm::vec3 y{0.0f};              // tip minus goal, model space
    glm::vec3 w{0.0f};              // dy/dt
    glm::vec3 goal_ms{0.0f};        // the goal at the last substep
    glm::vec3 goal_velocity{0.0f};  // its velocity over that substep
    // The driver at the previous Step and now: the bone's origin, and origin → tip (model space).
    glm::vec3 origin_from_ms{0.0f}, dir_from_ms{0.0f}, origin_to_ms{0.0f}, dir_to_ms{0.0f};
    // The bone's turn as last placed: x ↦ rotation · (x − driven origin) + origin_ms.
    glm::quat rotation{1.0f, 0, 0, 0};
    glm::vec3 driven_origin_ms{0.0f};
    glm::vec3 origin_ms{0.0f};
    // cos and sin of the bone's swing limit, from Build(): no trigonometry per substep.
    float cos_swing = -1.0f, sin_swing = 0.0f;
  };

  enum class Pass { kStart, kSubstep, kOutput };
  // The chain's driving pose now (its "to"; "from" is the previous Step's).
  void ReadDriver(const Chain& chain, Span<const glm::mat4> model_ms);
  // The chain at rest on its driver `model_ms`, which becomes "from" too.
  void Start(Chain& chain, Span<const glm::mat4> model_ms);
  // Walks the chain with the driver at fraction `alpha` between "from" and
  // "to", setting each particle's rotation and origin: kSubstep integrates one
  // implicit-Euler substep of length h first; kStart puts every particle on
  // its goal at rest; kOutput only places the bones (y, w and goals kept).
  void Place(Chain& chain, float alpha, float h, Pass pass);
  // Turns the chain's bones in model_ms (descendants carried).
  void Apply(const Chain& chain, Span<glm::mat4> model_ms);

  std::vector<int> parent_;
  std::vector<Chain> chains_;       // in the order of their first bones (a chain below another follows it)
  std::vector<int> chain_of_def_;   // chains_ index of each def, for SetEnabled and def()
  std::vector<Particle> particles_;
  // Apply()'s scratch, one per bone: each bone's change and whether it moved.
  std::vector<glm::quat> delta_rotation_;
  std::vector<glm::vec3> delta_translation_;
  std::vector<char> moved_;
  float accumulator_s_ = 0.0f;
};

}  // namespace kin
