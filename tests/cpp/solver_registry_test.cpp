// The solver registry: the table's order and names, the option ranges that
// ValidateIkOptions enforces, the goal features each solver refuses, and
// that a solver reads no setting the registry does not list for it.
#include "kin/ik/solver_registry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "ik_fixtures.h"
#include "kin/ik/ik_job.h"

namespace {

using kin::IkOptionInfo;
using kin::IkOptions;
using kin::IkOptionType;
using kin::IkSetting;
using kin::SolverKind;

constexpr int kSolverCount = static_cast<int>(SolverKind::kCount);

// The share-link format stores a solver as its index: these names at these
// indices, for ever.
TEST(SolverRegistry, NamesInTheShareLinkOrder) {
  const char* expected[] = {"dls", "gauss-newton", "jacobian-transpose", "gradient-descent", "projected-gradient",
                            "ccd", "fabrik", "two-bone", "look-at"};
  ASSERT_EQ(sizeof(expected) / sizeof(expected[0]), static_cast<std::size_t>(kSolverCount));
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    EXPECT_STREQ(kin::GetSolverInfo(kind).name, expected[k]);
    EXPECT_EQ(kin::GetSolverInfo(kind).kind, kind);
    SolverKind parsed = SolverKind::kCount;
    EXPECT_TRUE(kin::ParseSolverKind(expected[k], &parsed));
    EXPECT_EQ(parsed, kind);
  }
  SolverKind unchanged = SolverKind::kCcd;
  EXPECT_FALSE(kin::ParseSolverKind("newton", &unchanged));
  EXPECT_EQ(unchanged, SolverKind::kCcd);
  EXPECT_STREQ(kin::SolverKindName(SolverKind::kCount), "???");
}

TEST(SolverRegistry, OptionTableCoversEveryFieldOnce) {
  std::set<std::string> keys;
  for (int s = 0; s < static_cast<int>(IkSetting::kCount); ++s) {
    const IkOptionInfo& o = kin::GetIkOptionInfo(static_cast<IkSetting>(s));
    EXPECT_EQ(static_cast<int>(o.setting), s);
    EXPECT_TRUE(keys.insert(o.key).second) << o.key;
    EXPECT_EQ(kin::FindIkOption(o.key), &o);
    const int members = (o.integer != nullptr) + (o.number != nullptr) + (o.boolean != nullptr) + (o.vector != nullptr);
    EXPECT_EQ(members, 1) << o.key;
  }
  EXPECT_EQ(kin::IkOptionTable().size, static_cast<std::size_t>(IkSetting::kCount));
  EXPECT_EQ(kin::FindIkOption("max_iterations"), nullptr);  // JavaScript's keys only
}

double Value(const IkOptionInfo& o, const IkOptions& options) {
  return o.type == IkOptionType::kInteger ? options.*o.integer : options.*o.number;
}

IkOptions With(const IkOptionInfo& o, double v) {
  IkOptions options = kin::DefaultIkOptions();
  if (o.type == IkOptionType::kInteger) options.*o.integer = static_cast<int>(v);
  else options.*o.number = static_cast<float>(v);
  return options;
}

// Each bound accepted when the table includes it and refused (naming the
// field) when it does not; the defaults lie inside.
TEST(SolverRegistry, ValidateIkOptionsEnforcesTheTablesRanges) {
  ASSERT_TRUE(kin::ValidateIkOptions(kin::DefaultIkOptions()).ok());
  for (const IkOptionInfo& o : kin::IkOptionTable()) {
    if (o.type != IkOptionType::kInteger && o.type != IkOptionType::kNumber) continue;
    SCOPED_TRACE(o.key);
    const double v = Value(o, kin::DefaultIkOptions());
    EXPECT_TRUE(o.min_inclusive ? v >= o.min : v > o.min);
    EXPECT_TRUE(o.max_inclusive ? v <= o.max : v < o.max);
    const kin::Status at_min = kin::ValidateIkOptions(With(o, o.min));
    EXPECT_EQ(at_min.ok(), o.min_inclusive) << at_min.message;
    if (!at_min.ok()) EXPECT_NE(std::string(at_min.message).find(o.field), std::string::npos) << at_min.message;
    const double below = o.type == IkOptionType::kInteger ? o.min - 1 : o.min - 0.25;
    EXPECT_FALSE(kin::ValidateIkOptions(With(o, below)).ok());
    if (std::isinf(o.max)) {
      EXPECT_TRUE(kin::ValidateIkOptions(With(o, 1e30)).ok());
      if (o.type == IkOptionType::kNumber) EXPECT_FALSE(kin::ValidateIkOptions(With(o, INFINITY)).ok());
    } else {
      EXPECT_EQ(kin::ValidateIkOptions(With(o, o.max)).ok(), o.max_inclusive);
      EXPECT_FALSE(kin::ValidateIkOptions(With(o, o.max + 1)).ok());
    }
    if (o.type == IkOptionType::kNumber) {
      const kin::Status nan = kin::ValidateIkOptions(With(o, std::nan("")));
      EXPECT_NE(std::string(nan.message).find(std::string(o.field) + " nan"), std::string::npos) << nan.message;
    }
  }
}

// A goal set each solver poses with (hands and feet, or its own goals), the
// targets where a pose within the limits puts the goals' points.
kin_test::IkProblem ProblemFor(SolverKind kind) {
  kin_test::IkProblem p;
  EXPECT_TRUE(kin::Skeleton::Build(kin_test::Humanoid(), &p.skeleton).ok());
  std::vector<glm::vec3> posed(p.skeleton.bone_count());
  for (int j = 0; j < p.skeleton.bone_count(); ++j)
    posed[j] = glm::mix(p.skeleton.min_angle(j), p.skeleton.max_angle(j), glm::vec3(0.6f, 0.35f, 0.55f));
  const std::vector<glm::mat4> target_model = kin_test::Forward(p.skeleton, posed);
  std::vector<const char*> bones = {"hand_l", "hand_r", "foot_l", "foot_r"};
  if (kind == SolverKind::kTwoBone) bones = {"forearm_l", "forearm_r", "shin_l", "shin_r"};
  if (kind == SolverKind::kLookAt) bones = {"head"};
  for (const char* name : bones) {
    kin::Goal g;
    g.bone = p.skeleton.FindBone(name);
    g.point_bs = p.skeleton.tip_bs(g.bone);
    g.target_ms = kin_test::PointMs(target_model, g);
    p.goals.push_back(g);
  }
  p.workspace.Reserve(p.skeleton.bone_count(), static_cast<int>(p.goals.size()));
  return p;
}

// Another valid value of each setting, far enough from the default to change
// any solve that reads it.
IkOptions Changed(IkSetting setting) {
  IkOptions o = kin::DefaultIkOptions();
  switch (setting) {
    case IkSetting::kMaxIterations: o.max_iterations = 5; break;
    case IkSetting::kTolerance: o.tolerance = 0.01f; break;
    case IkSetting::kDamping: o.damping = 0.7f; break;
    case IkSetting::kMaxEscapes: o.max_escapes = 0; break;
    case IkSetting::kStep: o.step = 0.05f; break;
    case IkSetting::kLineSearch: o.line_search = false; break;
    case IkSetting::kSoften: o.soften = 0.5f; break;
    case IkSetting::kAimAxis: o.aim_axis_bs = glm::vec3(1, 0, 0); break;
    case IkSetting::kUpAxis: o.up_axis_bs = glm::vec3(1, 0, 0); break;
    case IkSetting::kCount: break;
  }
  return o;
}

struct Outcome {
  std::vector<glm::vec3> angles;
  kin::SolveReport report;
};

Outcome SolveOnce(SolverKind kind, const IkOptions& options) {
  kin_test::IkProblem p = ProblemFor(kind);
  Outcome out;
  out.angles.assign(p.skeleton.bone_count(), glm::vec3(0.0f));
  out.angles[p.skeleton.FindBone("forearm_r")].y = 0.3f;  // off the hinge limit
  out.report = kin_test::SolveWith(kind, p, out.angles, options);
  return out;
}

// Changing a setting the registry does not list for a solver leaves its
// solve bitwise the same: the lists the page shows per solver are complete.
TEST(SolverRegistry, SolversReadNoSettingOutsideTheirList) {
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    const kin::SolverInfo& info = kin::GetSolverInfo(kind);
    const Outcome base = SolveOnce(kind, kin::DefaultIkOptions());
    ASSERT_NE(base.report.status, kin::SolveStatus::kInvalidInput) << info.name << ": " << base.report.input.message;
    for (int s = 0; s < static_cast<int>(IkSetting::kCount); ++s) {
      const auto setting = static_cast<IkSetting>(s);
      if (info.settings & kin::SettingBit(setting)) continue;
      const Outcome changed = SolveOnce(kind, Changed(setting));
      SCOPED_TRACE(std::string(info.name) + " with another " + kin::GetIkOptionInfo(setting).key);
      EXPECT_EQ(changed.report.status, base.report.status);
      EXPECT_EQ(changed.report.iterations, base.report.iterations);
      EXPECT_EQ(std::memcmp(changed.angles.data(), base.angles.data(), sizeof(glm::vec3) * base.angles.size()), 0);
    }
  }
}

// Orientation goals and poles go only to the solvers that take them; the
// others refuse them by name and leave the pose as it was.
TEST(SolverRegistry, UnsupportedGoalFeaturesAreNamedErrors) {
  for (int k = 0; k < kSolverCount; ++k) {
    const auto kind = static_cast<SolverKind>(k);
    const kin::SolverInfo& info = kin::GetSolverInfo(kind);
    for (const bool pole : {false, true}) {
      if (pole ? info.poles : info.orientation) continue;
      SCOPED_TRACE(std::string(info.name) + (pole ? " pole" : " orientation"));
      kin_test::IkProblem p = ProblemFor(kind);
      if (pole) {
        p.goals[0].has_pole = true;
        p.goals[0].pole_ms = glm::vec3(0, 1, -1);
      } else {
        p.goals[0].has_orientation = true;
      }
      std::vector<glm::vec3> angles(p.skeleton.bone_count(), glm::vec3(0.1f, -0.05f, 0.02f));
      const std::vector<glm::vec3> before = angles;
      const kin::SolveReport report = kin_test::SolveWith(kind, p, angles, kin::DefaultIkOptions());
      EXPECT_EQ(report.status, kin::SolveStatus::kInvalidInput);
      const std::string expected = pole ? "goal 0 has a pole, which only " : "goal 0 has an orientation, which only ";
      EXPECT_NE(std::string(report.input.message).find(std::string(info.name) + ": " + expected), std::string::npos)
          << report.input.message;
      EXPECT_EQ(angles, before);
    }
  }
}

}  // namespace
