// Straightforward skinning in double precision with GLM's own matrix and
// quaternion types, one vertex at a time and without shared code with the
// kernels beyond the per-bone polar split (DecomposePaletteMatrix, tested on
// its own): the reference both kernel builds are checked against.
#pragma once

#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "kin/dqs.h"
#include "reference/skinning_jobs.h"

namespace kin_test {

// Σ w M · p; normals by the inverse transpose of the blended 3×3.
inline SkinResult ReferenceLbs(const std::vector<glm::mat4>& palette, const SkinMesh& mesh) {
  SkinResult out;
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const std::size_t n = static_cast<std::size_t>(mesh.influences);
    glm::dmat4 blend(0.0);
    for (std::size_t k = n * v; k < n * (v + 1); ++k) blend += double(mesh.weights[k]) * glm::dmat4(palette[mesh.joints[k]]);
    out.positions.push_back(glm::vec3(blend * glm::dvec4(glm::dvec3(mesh.positions[v]), 1.0)));
    if (!mesh.normals.empty())
      out.normals.push_back(glm::vec3(glm::normalize(glm::transpose(glm::inverse(glm::dmat3(blend))) *
                                                     glm::dvec3(mesh.normals[v]))));
  }
  return out;
}

// Kavan's DLB of the rigid parts (flipped into the largest weight's
// hemisphere), after the linearly blended scale parts.
inline SkinResult ReferenceDqs(const std::vector<glm::mat4>& palette, const SkinMesh& mesh) {
  std::vector<kin::DqsBone> bones(palette.size());
  for (std::size_t j = 0; j < palette.size(); ++j) kin::DecomposePaletteMatrix(palette[j], &bones[j]);
  SkinResult out;
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    const int n = mesh.influences;
    const float* w = &mesh.weights[n * v];
    const std::uint16_t* joints = &mesh.joints[n * v];
    int pivot = 0;
    for (int k = 1; k < n; ++k)
      if (w[k] > w[pivot]) pivot = k;
    const glm::dquat pivot_real(bones[joints[pivot]].rigid.real);
    glm::dquat real(0, 0, 0, 0), dual(0, 0, 0, 0);
    glm::dmat3 scale(0.0);
    for (int k = 0; k < n; ++k) {
      const kin::DqsBone& bone = bones[joints[k]];
      const glm::dquat r(bone.rigid.real), d(bone.rigid.dual);
      const double signed_w = glm::dot(r, pivot_real) < 0.0 ? -double(w[k]) : double(w[k]);
      real = real + signed_w * r;
      dual = dual + signed_w * d;
      scale += double(w[k]) * glm::dmat3(bone.scale);
    }
    const double length = glm::length(real);
    real = real / length;
    dual = dual / length;
    const glm::dquat t = 2.0 * (dual * glm::conjugate(real));
    const glm::dmat3 rotation = glm::mat3_cast(real);
    out.positions.push_back(glm::vec3(rotation * (scale * glm::dvec3(mesh.positions[v])) + glm::dvec3(t.x, t.y, t.z)));
    if (!mesh.normals.empty())
      out.normals.push_back(
          glm::vec3(glm::normalize(rotation * (glm::inverse(scale) * glm::dvec3(mesh.normals[v])))));
  }
  return out;
}

}  // namespace kin_test
