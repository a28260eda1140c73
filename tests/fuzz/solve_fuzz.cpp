// Goals, a solver and its options from the fuzzer, on one of four rigs (a
// limited chain, the default character's body, a chain ending in a
// zero-length bone, a chain with non-uniform rest scale), maybe with rest
// scales of its own (proportions), solved a few times in a row. Goals may be
// image-space ones (a view-projection, an image size, a target pixel: a
// camera looking at the rig, or any 16 numbers), and the solve may pull
// toward a pose prior. Whatever the core accepts must leave a pose within the limits,
// finite matrices and a finite reported error.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "../cpp/test_rigs.h"
#include "fuzz_checks.h"
#include "fuzz_input.h"
#include "kin/ik/solver_registry.h"
#include "kin/rig.h"

namespace {

std::vector<kin::BoneDef> ZeroLengthTip() {
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 1.2f);
  bones.back().tip_bs = glm::vec3(0.0f);
  bones.back().min_angle = glm::vec3(-0.2f, 0.0f, -0.2f);
  bones.back().max_angle = glm::vec3(0.84f, 0.0f, 0.0f);
  return bones;
}

std::vector<kin::BoneDef> Stretched() {
  std::vector<kin::BoneDef> bones = kin_test::Chain(3, 2.0f);
  for (kin::BoneDef& b : bones) b.rest_s = glm::vec3(1.0f, 3.0f, 0.2f);
  return bones;
}

const std::vector<kin::BoneDef>& RigNumber(int k) {
  static const std::vector<kin::BoneDef> rigs[] = {kin_test::Chain(5, 1.0f), kin_test::DefaultCharacter(), ZeroLengthTip(),
                                                   Stretched()};
  return rigs[k];
}

glm::vec3 Vec3(kin_fuzz::FuzzInput& in) { return {in.Float(), in.Float(), in.Float()}; }
glm::vec2 Vec2(kin_fuzz::FuzzInput& in) { return {in.Float(), in.Float()}; }

// An image-space goal's camera: a perspective one looking from somewhere at
// somewhere (maybe from inside the rig, maybe degenerate), an orthographic
// one, or any 16 numbers.
glm::mat4 FuzzViewProjection(kin_fuzz::FuzzInput& in) {
  switch (in.Below(3)) {
    case 0: return glm::perspective(0.2f + 0.01f * static_cast<float>(in.Below(250)), 0.5f + 0.01f * static_cast<float>(in.Below(200)), 0.1f, 100.0f) *
                   glm::lookAt(Vec3(in), Vec3(in) * 0.25f, glm::vec3(0.0f, 1.0f, 0.0f));
    case 1: return glm::ortho(-3.0f, 3.0f, -3.0f, 3.0f, -10.0f, 10.0f) * glm::lookAt(Vec3(in), glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    default: {
      glm::mat4 m;
      for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m[c][r] = in.Float();
      return m;
    }
  }
}

kin::Goal FuzzGoal(kin_fuzz::FuzzInput& in, const kin::Rig& rig) {
  kin::Goal g;
  const int n = rig.bone_count();
  g.bone = in.Flag() ? in.Below(n) : static_cast<int>(in.U16()) - 2;
  const bool valid = g.bone >= 0 && g.bone < n;
  g.point_bs = in.Flag() && valid ? rig.skeleton().tip_bs(g.bone) : Vec3(in);
  // Near the rig (reachable or not), or anything at all.
  g.target_ms = in.Flag() ? Vec3(in) * 0.5f : Vec3(in);
  if (in.Flag()) g.weight = in.Float();
  if (in.Flag()) {
    g.has_orientation = true;
    g.target_q_ms = glm::quat(in.Float(), in.Float(), in.Float(), in.Float());
    if (in.Flag()) g.orientation_weight = in.Float();
  }
  if (in.Flag()) {
    g.has_pole = true;
    g.pole_ms = Vec3(in);
    if (in.Flag()) g.pole_bone = static_cast<int>(in.U8()) - 2;
    if (in.Flag()) g.pole_weight = in.Float();
  }
  if (in.Flag()) {
    g.has_projection = true;
    g.view_projection_ms = FuzzViewProjection(in);
    // An ordinary image, or any two numbers; a pixel in it, or anything.
    g.image_size_px = in.Flag() ? glm::vec2(1 + in.Below(4096), 1 + in.Below(4096)) : Vec2(in);
    g.target_px = in.Flag() ? g.image_size_px * glm::vec2(in.Below(101), in.Below(101)) * 0.01f : Vec2(in) * 100.0f;
  }
  return g;
}

kin::IkOptions FuzzOptions(kin_fuzz::FuzzInput& in) {
  kin::IkOptions o = kin::DefaultIkOptions();
  if (in.Flag()) o.max_iterations = in.Below(300) - 10;
  if (in.Flag()) o.tolerance = in.Float();
  if (in.Flag()) o.damping = in.Float();
  if (in.Flag()) o.max_escapes = in.Below(120) - 5;
  if (in.Flag()) o.step = in.Float();
  o.line_search = in.Flag();
  if (in.Flag()) o.soften = in.Float();
  if (in.Flag()) o.aim_axis_bs = Vec3(in);
  if (in.Flag()) o.up_axis_bs = Vec3(in);
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kin_fuzz::FuzzInput in(data, size);
  const std::vector<kin::BoneDef>& bones = RigNumber(in.Below(4));
  kin::Rig rig;
  if (!rig.Load(kin::Span<const kin::BoneDef>(bones.data(), bones.size())).ok()) kin_fuzz::Fail("a fixture rig did not load");
  if (in.Flag()) {
    // Proportions: body-like sizes, or anything at all.
    std::vector<float> scales(3 * bones.size());
    for (float& s : scales) s = in.Flag() ? in.Float() : 0.5f + 0.25f * static_cast<float>(in.Below(8));
    rig.SetRestScales(kin::Span<const float>(scales.data(), scales.size()));
  }
  // A start pose within the limits (SetPose clamps), then what the solve is asked.
  std::vector<float> angles(3 * bones.size());
  for (float& a : angles) a = in.Float();
  rig.SetPose(kin::Span<const float>(angles.data(), angles.size()), Vec3(in) * 0.1f);
  const auto kind = static_cast<kin::SolverKind>(in.Below(static_cast<int>(kin::SolverKind::kCount) + 1));
  rig.SetSolver(kind, FuzzOptions(in));
  rig.SetMoveRoot(in.Flag());
  std::vector<kin::Goal> goals;
  for (int g = in.Below(6); g > 0; --g) goals.push_back(FuzzGoal(in, rig));
  rig.SetGoals(kin::Span<const kin::Goal>(goals.data(), goals.size()));
  if (in.Flag()) {
    // A pose prior: mostly one triple per bone, sometimes a wrong count; a small weight, or anything.
    std::vector<float> prior(in.Flag() ? 3 * bones.size() : static_cast<std::size_t>(in.Below(3 * static_cast<int>(bones.size()) + 4)));
    for (float& a : prior) a = in.Float();
    rig.SetPosePrior(kin::Span<const float>(prior.data(), prior.size()), in.Flag() ? 0.001f * static_cast<float>(in.Below(1000)) : in.Float());
  }
  for (int solve = 1 + in.Below(3); solve > 0; --solve) {
    const kin::SolveReport report = rig.Solve();
    if (report.status == kin::SolveStatus::kInvalidInput) continue;
    kin_fuzz::RequirePoseWithinLimits(rig, kin::SolveStatusName(report.status));
    kin_fuzz::RequireOutputsFinite(rig);
    kin_fuzz::RequireFinite(&report.error, 1, "reported error");
  }
  return 0;
}
