// The state every solver shares (core-internal): the job's inputs, views
// into its workspace, forward kinematics with residuals and energy, the
// weighted Jacobian over the active degrees of freedom, limits, and the
// damped normal-equation step that DLS and Gauss–Newton take.
//
// Residual rows: 3 per goal for the point (2 in pixels for a projected
// goal, kin/image_projection.h), 3 more for an orientation goal
// (the rotation vector log(q_target · q⁻¹) of the bone's model rotation),
// and for the least-squares solvers 3 more for a pole (kin/pole.h: the
// middle joint's offset turned toward the pole, minus where it is), each
// scaled by the square root of its weight, so that E = ½ |r|². After the
// goals' rows, a balance goal (IkJob::balance, kin/balance_goal.h) adds
// one: the weighted distance of the centre of mass outside the support
// polygon. Every bone whose subtree weighs something moves it, and so does
// the root offset. Last, a floor goal (IkJob::floor, kin/floor_goal.h)
// adds kFloorRows: the depths of the deepest bone points below the floor,
// which points each configuration's own (ws.floor_points_, swapped with the
// trial's as its residual is). With a floor every bone moves: its tip is a
// floor point. After everything, a pose prior (IkJob::prior,
// kin/pose_prior.h) adds one row per active angle dof, in dof order; every
// column then spans to the last row.
//
// Unknowns (degrees of freedom, "dofs"): the free Euler slots of the bones
// that move a goal, then, when the job moves the root, the root offset's
// x, y and z. A root column is ∂x/∂root = I on every goal's point rows (every
// bone hangs from a root) and zero on orientation rows; it has no limits.
#pragma once

#include <cmath>
#include <limits>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/ik/ik_job.h"

namespace kin {
namespace ik_internal {

// Whether the solver minimises ½ |r|² over every residual row with the
// Jacobian (poles become rows), rather than placing joints geometrically
// (the solver registry says).
bool IsLeastSquares(SolverKind kind);

// The rotation of a bone-to-model matrix, scale and shear taken out
// (Gram–Schmidt on its first two columns).
glm::quat ModelRotation(const glm::mat4& model_ms);

struct Evaluation {
  double energy = 0.0;  // E = ½ |r|²
  // Max over goals of |target − x|, an orientation goal's angle left, a
  // pole's |r|, and the centre of mass's distance outside its polygon.
  float error = 0.0f;
  int worst_goal = -1;  // the goal with the largest miss (-1: no goals); balance is not a goal

  // Counts goal g's miss (a distance, an angle, a pole's |r|) toward the largest.
  void Miss(int g, float miss) {
    if (worst_goal < 0 || miss > error) {
      error = std::fmax(error, miss);
      worst_goal = g;
    }
  }
};

class IkState {
 public:
  // Sets up rows, ancestor sets and active dofs; clamps the start pose into
  // the limits (every solver's output respects them). The job is valid.
  explicit IkState(const IkJob& job);

  const IkJob& job;
  const Skeleton& sk;
  IkWorkspace& ws;
  // The job's DlsCache, or the workspace's scratch one (kept for no one).
  DlsCache& dc;
  const int n;           // bones
  const int goal_count;
  const bool pole_rows;  // poles are residual rows (IsLeastSquares)
  int m = 0;             // residual rows
  int dof_count = 0;     // active degrees of freedom
  int angle_dof_count = 0;  // of which Euler slots: dofs [0, angle_dof_count); the rest move the root
  int moving_count = 0;  // bones that move some goal or the balance (ws.moving_bones_)
  int balance_row = -1;  // the balance goal's first residual row (-1: none)
  int floor_row = -1;    // the floor goal's first residual row (-1: none)
  int prior_row = -1;    // the pose prior's first row, dof c's at prior_row + c (-1: none)
  glm::vec3 root_ms;        // the root offset of the current configuration
  glm::vec3 trial_root_ms;  // of the trial configuration
  glm::vec3 best_root_ms;   // of the best pose kept (BestPose)
  // E of the start pose (the job's angles clamped into the limits, kept in
  // ws.start_angles_, and its root offset), from EvaluateInput.
  double start_energy = 0.0;

  // Slot dofs: the bone and slot; root dofs: Bone(c) == n, Slot(c) the axis.
  int Bone(int c) const { return ws.dofs_[c] / 3; }
  int Slot(int c) const { return ws.dofs_[c] % 3; }
  bool IsRoot(int c) const { return c >= angle_dof_count; }
  double* Column(int c) const { return dc.jacobian_.data() + static_cast<std::size_t>(c) * m; }
  // Column c is zero outside rows [RowBegin(c), RowEnd(c)): the span of the
  // goals its bone moves (a limb's bone moves one goal of several).
  int RowBegin(int c) const { return ws.row_begin_[c]; }
  int RowEnd(int c) const { return ws.row_end_[c]; }
  // A dof's limits (none for the root) and its value: an angle, or a
  // component of the root offset.
  float Min(int c) const { return ws.dof_min_[c]; }
  float Max(int c) const { return ws.dof_max_[c]; }
  float Value(int c) const { return IsRoot(c) ? root_ms[Slot(c)] : job.angles[Bone(c)][Slot(c)]; }
  float TrialValue(int c) const { return IsRoot(c) ? trial_root_ms[Slot(c)] : ws.trial_angles_[Bone(c)][Slot(c)]; }
  bool Moves(int bone, int goal) const { return ws.ancestor_[bone * goal_count + goal] != 0; }
  // The bone's turns move the centre of mass of a balance goal.
  bool MovesBalance(int bone) const { return balance_row >= 0 && ws.subtree_mass_[bone] > 0.0f; }
  // Dof c moves nothing but floor points (its bone moves no goal and not the
  // balance): it turns only to lift a point off the floor, never to escape.
  bool FloorOnly(int c) const { return floor_row >= 0 && RowBegin(c) == floor_row; }
  // A goal's residual rows, and the first of its pole rows.
  bool HasPoleRows(const Goal& goal) const { return pole_rows && goal.has_pole; }
  static int PointRows(const Goal& goal) { return goal.has_projection ? 2 : 3; }
  int Rows(const Goal& goal) const {
    return PointRows(goal) + (goal.has_orientation ? 3 : 0) + (HasPoleRows(goal) ? 3 : 0);
  }
  static int PoleRow(const Goal& goal) { return PointRows(goal) + (goal.has_orientation ? 3 : 0); }
  static int OrientationRow(const Goal& goal) { return PointRows(goal); }

  // Forward kinematics of `angles` and `root_offset_ms` into `model_ms` for
  // the bones that move a goal (no residual, column or limb reads the others:
  // CompleteModel places them once the solve is done), goal points into
  // `effector_ms`, weighted residuals into `residual`, the points of the
  // floor rows into `floor_points`.
  Evaluation Evaluate(Span<const glm::vec3> angles, const glm::vec3& root_offset_ms, Span<glm::mat4> model_ms,
                      Span<glm::vec3> effector_ms, double* residual, Span<int> floor_points) const;
  // The same for the job's angles and root_ms into the current buffers.
  Evaluation EvaluateCurrent();
  Span<int> CurrentFloorPoints() { return Span<int>(ws.floor_points_.data(), ws.floor_points_.size()); }
  // EvaluateCurrent of the start pose, before an iterative solve moves it
  // (from job.start_model_ms when the job has them); keeps its energy as
  // start_energy.
  Evaluation EvaluateInput();
  // EvaluateInput at the start of a Jacobian-based solve: when some goal is far
  // from its target, its limbs start inside their limits (StartInsideLimits)
  // and `*far` (if given) tells whether any is.
  Evaluation EvaluateStart(bool* far = nullptr);
  // The same for ws.trial_angles_ and trial_root_ms into the trial buffers.
  Evaluation EvaluateTrial();
  // Makes the trial configuration (angles, model, effectors, residual) current.
  void AcceptTrial();
  // Places the bones that move no goal in ws.model_ms_ from the current
  // configuration: after the solve, ws.model_ms_ holds the whole pose.
  void CompleteModel();

  // Weighted Jacobian over the active dofs at the current configuration;
  // returns the largest column norm.
  double BuildJacobian();
  // g = Jᵀ r and the free set (an angle on a limit that g pushes further out
  // is frozen); returns the largest free |g|.
  double GradientAndFreeSet();
  double ResidualMax() const;
  // No free direction lowers E to first order, relative to the sizes of the
  // residual and the columns (a unit-free test).
  bool Stationary(double gradient_max, double column_max) const;

  // J K⁻¹ Jᵀ over the free dofs (K: stiffness), once per Jacobian.
  void BuildNormal();
  double NormalDiagonalMax() const;
  // The step K⁻¹ Jᵀ (J K⁻¹ Jᵀ + μI)⁻¹ r with an active set for the limits,
  // into ws.step_, and J·step into ws.predicted_. False if not factorable.
  bool ComputeDampedStep(double mu);
  // The chord method's step: the last ComputeDampedStep's factorisation and
  // Jacobian applied to the current residual, into ws.step_ and
  // ws.predicted_. False when that step clamped an angle (its factor is of a
  // smaller free set) or this one would cross a limit.
  bool ComputeChordStep();
  // The last solve's factorisation (KeepFactor) serves this one's chord
  // steps: it was made for the same rows, dofs, stiffness and damping
  // option, and this solve starts from the pose that solve left, its
  // matrices equal bit for bit (a drag's next frame). Never while tracing: a
  // lesson's steps each show their own Jacobian. (Goal points and weights
  // moved since only make it staler: a chord step is kept only when it
  // lowers E.)
  bool FactorFromLastSolve() const { return factor_from_last_solve_; }
  // Keeps this solve's last factorisation in the DLS cache for the next
  // solve, when it is of the whole free set, with the damping μ (and its
  // floor) to go on with and its age (solves since its Jacobian was built).
  void KeepFactor(double mu, double mu_floor, int age);
  // After the solve's last forward pass (CompleteModel): the pose it left
  // into the cache that kept a factor, for the next solve's fit.
  void KeepModel();
  // The trial configuration (ws.trial_angles_, trial_root_ms) =
  // clamp(current + scale · step); returns max |change|.
  double MakeTrial(double scale);
  // Decrease of the linear model for ws.predicted_: rᵀ(J h) − ½ |J h|².
  double PredictedDecrease() const;

  bool AnyOnLimit() const;
  // A goal's reach in the current pose: its point's distance from its bone
  // and every bone's length from there up to the root, stretched straight.
  double GoalReach(int goal) const;

  // Moves every active angle off a stuck point, within its limits: an angle
  // on a limit goes a fraction of its range inward (deeper with each escape,
  // up to 0.95, then round again), any other angle by ±amplitude.
  // The root offset stays: it has no limit to be trapped on, and the angles'
  // nudge already leaves the saddle.
  void Nudge(int escape);

 private:
  static constexpr float kNoLimit = std::numeric_limits<float>::infinity();

  // The last ComputeDampedStep factored the whole free set (no angle clamped).
  bool factor_unclamped_ = false;
  bool factor_from_last_solve_ = false;
  // Whether the cache's kept factor was made for this solve's rows and
  // dofs and the pose it left is this solve's start (FactorFromLastSolve).
  bool KeptFactorFits() const;
  // job.start_model_ms holds the start pose's matrices: given, and the limits
  // moved no start angle.
  bool start_model_given_ = false;
  int still_count_ = 0;  // bones that move no goal (ws.still_bones_)
  // Residuals and energy of the goals for `model_ms` (Evaluate without its forward pass).
  Evaluation EvaluateGoals(Span<const glm::vec3> angles, Span<const glm::mat4> model_ms, Span<glm::vec3> effector_ms,
                           double* residual, Span<int> floor_points) const;
  // A goal's point rows (3 in model space, 2 in pixels), their energy and miss into `e`.
  void EvaluatePoint(int g, const glm::vec3& point_ms, double* r, Evaluation& e) const;
  // The pose prior's rows of `angles` into residual[prior_row…], their energy into `e`.
  void EvaluatePrior(Span<const glm::vec3> angles, double* residual, Evaluation& e) const;
  // The floor rows of the pose of `model_ms` (kin/floor_goal.h) into
  // residual[floor_row…] and `floor_points`, their energy and depth into `e`.
  void EvaluateFloor(Span<const glm::mat4> model_ms, double* residual, Span<int> floor_points, Evaluation& e) const;
  // The floor rows of column c at the current configuration, whose floor
  // rows' points are at `points_ms`.
  void FloorColumn(int c, const glm::vec3* points_ms, double* col) const;
  // ws.predicted_ = J · ws.step_.
  void Predict();
  // Goal g's point rows of a column whose unknown moves its point by
  // `moved_ms` (∂x/∂θ): √weight · ∂x/∂θ, or for a projected goal √weight ·
  // ∂px/∂x · ∂x/∂θ at ws.projections_[g].
  void PointRows(int g, const glm::dvec3& moved_ms, double* rows) const;

  // The pole residual of a goal with a pole, for model matrices and its point.
  PoleResidual PoleOf(const Goal& goal, Span<const glm::mat4> model_ms, const glm::vec3& point_ms) const;
  // The bone whose origin is the pole's limb's end, or -1 when the end is the goal's point (the middle joint is the goal's bone).
  int PoleEndBone(const Goal& goal) const;
  // ∂r/∂(dof c) of a goal's pole residual (unweighted), at the current
  // configuration whose residual is `pole`; c moves the goal.
  glm::dvec3 PoleDerivative(int c, const Goal& goal, const PoleResidual& pole, const glm::vec3& point_ms) const;

  void AddOuter(double* a, int c, double sign) const;
  // Marks the goals whose targets are far (a good part of their reach) from
  // where the current, evaluated pose puts them; returns whether any is.
  bool MarkFarGoals();
  // Angles on a limit that move a far goal go a fraction of their range
  // inward, since a straight limb on its hinge limit pointing past a nearer
  // target is a saddle that first-order steps cannot leave (a cold start from
  // a rest pose). Near goals (a drag) keep their angles, so that a drag stays
  // continuous. Returns whether any angle moved.
  bool StartInsideLimits();
  // Projects the joints with swing-twist cones (not boxes) as a whole.
  void ProjectSwingTwist(Span<glm::vec3> angles) const;
};

}  // namespace ik_internal
}  // namespace kin
