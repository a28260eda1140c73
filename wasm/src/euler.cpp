#include "kin/euler.h"

#include <cmath>
#include <cstring>

namespace kin {
namespace {

// Axis index per slot for each order, in the enum's order.
constexpr int kAxes[static_cast<int>(EulerOrder::kCount)][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
    {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2},
};

constexpr const char* kNames[static_cast<int>(EulerOrder::kCount)] = {
    "XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX", "XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ",
};

glm::quat AxisRotation(int axis, float angle) {
  const float half = 0.5f * angle;
  glm::quat q(std::cos(half), 0.0f, 0.0f, 0.0f);
  q[axis] = std::sin(half);  // glm::quat indexes x, y, z, w
  return q;
}

}  // namespace

bool IsValidEulerOrder(int order) { return order >= 0 && order < static_cast<int>(EulerOrder::kCount); }

int EulerAxis(EulerOrder order, int slot) { return kAxes[static_cast<int>(order)][slot]; }

bool ParseEulerOrder(const char* text, EulerOrder* order) {
  for (int i = 0; i < static_cast<int>(EulerOrder::kCount); ++i) {
    if (std::strcmp(text, kNames[i]) == 0) {
      *order = static_cast<EulerOrder>(i);
      return true;
    }
  }
  return false;
}

const char* EulerOrderName(EulerOrder order) {
  return IsValidEulerOrder(static_cast<int>(order)) ? kNames[static_cast<int>(order)] : "???";
}

glm::quat EulerRotation(EulerOrder order, const glm::vec3& angles) {
  const int* axes = kAxes[static_cast<int>(order)];
  // Slot 0 acts first on a vector, so it is the rightmost factor.
  return AxisRotation(axes[2], angles[2]) * AxisRotation(axes[1], angles[1]) *
         AxisRotation(axes[0], angles[0]);
}

}  // namespace kin
