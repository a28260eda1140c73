#include "kin/pose_prior.h"

#include "math_checks.h"

namespace kin {

Status ValidatePosePrior(const Skeleton& skeleton, const PosePrior& prior) {
  const int n = skeleton.bone_count();
  if (prior.angles.size != static_cast<std::size_t>(n))
    return Status::Invalid("pose prior: %zu angle triples for %d bones", prior.angles.size, n);
  for (int j = 0; j < n; ++j)
    if (!IsFinite(prior.angles[j]))
      return Status::Invalid("pose prior: angles of bone %d '%s' are not finite", j, skeleton.name(j).c_str());
  if (!IsFinite(prior.weight) || prior.weight < 0.0f)
    return Status::Invalid("pose prior: weight %g must be finite and >= 0", prior.weight);
  return Status::Ok();
}

}  // namespace kin
