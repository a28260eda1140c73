// Running the skinning jobs in tests: each run checks that the job accepted
// its input and returns what it wrote.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/glm.hpp>

#include "reference/skinning_jobs.h"

namespace kin_test {

inline SkinResult RunLbs(const std::vector<glm::mat4>& palette, const SkinMesh& mesh,
                         kin::SkinningKernel kernel = kin::SkinningKernel::kSimd) {
  SkinResult out = OutputsFor(mesh);
  const kin::Status status = LbsJobFor(palette, mesh, out, kernel).Run();
  EXPECT_TRUE(status.ok()) << status.message;
  return out;
}

inline SkinResult RunDqs(const std::vector<glm::mat4>& palette, const SkinMesh& mesh,
                         kin::SkinningKernel kernel = kin::SkinningKernel::kSimd) {
  SkinResult out = OutputsFor(mesh);
  std::vector<float> scratch;
  const kin::Status status = DqsJobFor(palette, mesh, scratch, out, kernel).Run();
  EXPECT_TRUE(status.ok()) << status.message;
  return out;
}

// The largest coordinate difference between two equally long lists.
inline float MaxDifference(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
  EXPECT_EQ(a.size(), b.size());
  float worst = 0.0f;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    for (int c = 0; c < 3; ++c) worst = std::fmax(worst, std::fabs(a[i][c] - b[i][c]));
  return worst;
}

}  // namespace kin_test
