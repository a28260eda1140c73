#include "kin/skinning.h"

#include "../math_checks.h"
#include "skinning_kernels.h"

namespace kin {

Status LbsJob::Validate() const {
  if (palette.size == 0) return Status::Invalid("lbs: empty palette");
  // Every influence is blended, weight 0 or not: 0 · NaN would still be NaN.
  for (std::size_t j = 0; j < palette.size; ++j)
    if (!IsFinite(palette[j])) return Status::Invalid("lbs: palette matrix of bone %zu is not finite", j);
  return ValidateSkinBuffers("lbs", palette.size, positions_ms.size, normals_ms.size, influences, joints, weights,
                             out_positions_ms.size, out_normals_ms.size);
}

Status LbsJob::Run() const {
  const Status status = Validate();
  if (!status.ok()) return status;
  RunLbsKernel(MakeSkinArrays(reinterpret_cast<const float*>(palette.data), positions_ms, normals_ms, influences, joints, weights,
                              out_positions_ms,
                              out_normals_ms),
               kernel);
  return Status::Ok();
}

}  // namespace kin
