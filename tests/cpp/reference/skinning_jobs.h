// Skinning jobs over std::vector buffers: a mesh in, a result out, the job
// pointed at them. Shared by the GoogleTest suite and the native skinning
// benchmark (bench/native/skinning_bench.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "kin/dqs.h"
#include "kin/skinning.h"

namespace kin_test {

struct SkinMesh {
  int influences = 4;                 // per vertex: 4 or 8
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;     // empty, or one per vertex
  std::vector<std::uint16_t> joints;  // `influences` per vertex
  std::vector<float> weights;         // `influences` per vertex
};

struct SkinResult {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
};

// Output buffers sized for `mesh`.
inline SkinResult OutputsFor(const SkinMesh& mesh) {
  return {std::vector<glm::vec3>(mesh.positions.size()), std::vector<glm::vec3>(mesh.normals.size())};
}

// The job's inputs and outputs, shared by both jobs; `job` keeps views of them.
template <typename Job>
Job SkinJobFor(const std::vector<glm::mat4>& palette, const SkinMesh& mesh, SkinResult& out,
               kin::SkinningKernel kernel) {
  Job job;
  job.palette = palette;
  job.positions_ms = mesh.positions;
  job.normals_ms = mesh.normals;
  job.influences = mesh.influences;
  job.joints = mesh.joints;
  job.weights = mesh.weights;
  job.out_positions_ms = out.positions;
  job.out_normals_ms = out.normals;
  job.kernel = kernel;
  return job;
}

inline kin::LbsJob LbsJobFor(const std::vector<glm::mat4>& palette, const SkinMesh& mesh, SkinResult& out,
                             kin::SkinningKernel kernel = kin::SkinningKernel::kSimd) {
  return SkinJobFor<kin::LbsJob>(palette, mesh, out, kernel);
}

// `scratch` is sized for the palette here.
inline kin::DqsJob DqsJobFor(const std::vector<glm::mat4>& palette, const SkinMesh& mesh, std::vector<float>& scratch,
                             SkinResult& out, kin::SkinningKernel kernel = kin::SkinningKernel::kSimd) {
  scratch.assign(kin::kDqsFloatsPerBone * palette.size(), 0.0f);
  kin::DqsJob job = SkinJobFor<kin::DqsJob>(palette, mesh, out, kernel);
  job.scratch_bones = scratch;
  return job;
}

}  // namespace kin_test
