// Cyclic coordinate descent over the Euler angles. One iteration is one
// sweep over the active slots, from the bones farthest from the root (the
// highest indices of the parent-first arrays) toward the root. Each slot
// turns its bone's subtree about one axis a through the joint origin o;
// the angle that best moves every goal it carries is closed-form (see
// axis_fit.h): φ = atan2(Σ w a·(u⊥ × v⊥), Σ w u⊥·v⊥), u = x − o, v = t − o.
// The new angle is clamped into the slot's limits (exact limits), so each
// step lowers E or leaves it: several goals (a humanoid's hands and feet)
// are served by the sums, and E never rises from sweep to sweep (only the
// escapes of sweep_loop.h, out of limit traps, may raise it).
//
// Stiffness under-relaxes the step: a slot turns by (k_min / k) · φ, with
// k_min the least stiffness among the active bones, so uniformly stiff rigs
// solve as if unstiffened and a stiff spine moves less per sweep than the
// limbs. A shortened step still lowers E (E only falls along the arc toward
// φ), and the fixed points are unchanged.
//
// Each sweep is over-relaxed as FABRIK's are (over_relaxation.h): CCD
// converges linearly, and on the bench's chains the push took the median
// sweeps per solve from 29 to 10 (chain-3) and from 22 to 10 (chain-10),
// and the slow tail with them. A kept push needs no forward pass of the
// swept pose: its E comes from the goal points the sweep carried.
//
// Within a sweep no forward kinematics runs. A bone's origin and slot axes
// depend only on its ancestors (lower indices, not yet visited this sweep)
// and on its own later slots (visited after the slot itself), so the axes
// computed at the start of the sweep stay exact; the goal points a slot
// carries are turned with it. Each sweep ends with one full FK, which also
// removes the rounding the running points gathered.
#include <algorithm>
#include <cmath>

#include "axis_fit.h"
#include "over_relaxation.h"
#include "sweep_loop.h"

namespace kin {
namespace ik_internal {
namespace {

// A bone's joint frame A (the model-space map its Euler rotations act in,
// see JointAxes), where every slot turn, and every change of the joint
// rotation, is a rotation about the joint origin o:
//   x ← o + A · R · A⁻¹ · (x − o).
// When A is a rotation times a uniform scale, R is the same rigid turn in
// model space, so fitting angles in frame coordinates is exact; under
// non-uniform scale the frame skews lengths and the fit is a close
// approximation (the loop keeps the best pose).
class JointFrame {
 public:
  explicit JointFrame(const JointAxes& axes) : axes_(axes) {}

  glm::vec3 Lever(const glm::vec3& x_ms) const {
    const glm::vec3 d = x_ms - axes_.origin_ms;
    if (!axes_.similarity) return axes_.frame_inv * d;
    return glm::transpose(axes_.frame_ms) * d / (axes_.scale * axes_.scale);  // (sR)⁻¹ = Rᵀ / s
  }
  glm::vec3 Turned(const glm::vec3& x_ms, const glm::quat& turn_fs) const {
    return axes_.origin_ms + axes_.frame_ms * (turn_fs * Lever(x_ms));
  }
  const glm::vec3& SlotAxis(int slot) const { return axes_.axis_fs[slot]; }

 private:
  const JointAxes& axes_;
};

void TurnGoalPoints(IkState& s, int bone, const JointFrame& frame, const glm::quat& turn_fs) {
  for (int g = 0; g < s.goal_count; ++g)
    if (s.Moves(bone, g)) s.ws.effector_ms_[g] = frame.Turned(s.ws.effector_ms_[g], turn_fs);
}

// The new angle for slot c: the closed-form best turn (AxisFit), relaxed
// and kept within the slot's limits.
float BestAngle(const IkState& s, int c, const JointFrame& frame, double relax) {
  const int bone = s.Bone(c);
  AxisFit fit(frame.SlotAxis(s.Slot(c)));
  for (int g = 0; g < s.goal_count; ++g) {
    if (!s.Moves(bone, g)) continue;
    const Goal& goal = s.job.goals[g];
    fit.Add(frame.Lever(s.ws.effector_ms_[g]), frame.Lever(goal.target_ms), goal.weight);
  }
  return fit.LimitedAngle(s.Value(c), s.Min(c), s.Max(c), relax);
}

// One sweep over the slots of every active bone, last bone first, each bone's
// slots in order 0, 1, 2 (slot k's axis depends on slots k+1.. only). A
// swing-twist cone is not a box, so a bone that has one is projected onto
// it as a whole after its slots, and its goal points follow.
void Sweep(IkState& s, double stiffness_min) {
  IkWorkspace& ws = s.ws;
  const Skeleton& sk = s.sk;
  ComputeJointAxes(sk, s.job.angles, ws.model_ms_, ws.axes_,
                   Span<const int>(ws.moving_bones_.data(), static_cast<std::size_t>(s.moving_count)));
  for (int last = s.dof_count - 1; last >= 0;) {
    const int bone = s.Bone(last);
    int first = last;
    while (first > 0 && s.Bone(first - 1) == bone) --first;
    const double relax = stiffness_min / sk.stiffness(bone);
    const JointFrame frame(ws.axes_[bone]);
    glm::vec3& angles = s.job.angles[bone];
    for (int c = first; c <= last; ++c) {
      const int slot = s.Slot(c);
      const float to = BestAngle(s, c, frame, relax);
      if (to == angles[slot]) continue;
      TurnGoalPoints(s, bone, frame, glm::angleAxis(to - angles[slot], frame.SlotAxis(slot)));
      angles[slot] = to;
    }
    const glm::vec3 projected = ProjectJointLimits(sk, bone, angles);
    if (projected != angles) {
      const EulerOrder order = sk.order(bone);
      // E' = (E' E⁻¹) E: the change is a rotation in the joint frame.
      TurnGoalPoints(s, bone, frame, EulerRotation(order, projected) * glm::conjugate(EulerRotation(order, angles)));
      angles = projected;
    }
    last = first - 1;
  }
}

// E of the pose a sweep left, from the goal points it carried (CCD takes
// point goals only): no forward kinematics, rounding aside.
double CarriedEnergy(const IkState& s) {
  double energy = 0.0;
  for (int g = 0; g < s.goal_count; ++g) {
    const glm::vec3 d = s.job.goals[g].target_ms - s.ws.effector_ms_[g];
    energy += 0.5 * s.job.goals[g].weight * static_cast<double>(glm::dot(d, d));
  }
  return energy;
}

}  // namespace

SolveReport SolveCcd(IkState& s) {
  double stiffness_min = 0.0;
  for (int c = 0; c < s.dof_count; ++c) {
    const double k = s.sk.stiffness(s.Bone(c));
    stiffness_min = c == 0 ? k : std::min(stiffness_min, k);
  }
  OverRelaxation relaxation;
  return SolveBySweeps(s, SweepRules(), [stiffness_min, &relaxation](IkState& state) {
    relaxation.Start(state);
    Sweep(state, stiffness_min);
    return relaxation.Push(state, CarriedEnergy(state));
  });
}

}  // namespace ik_internal
}  // namespace kin
