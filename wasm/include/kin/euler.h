// Euler-angle joints. A bone's three angles are stored by *slot*: slot 0 is
// applied first, slot 2 last, about the axes named by the bone's order. For
// order XYZ that is E(θ) = Rz(θ2)·Ry(θ1)·Rx(θ0); proper orders such as XZX
// (twist-bend-twist) reuse an axis, which is why angles are indexed by slot
// and not by axis.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace kin {

enum class EulerOrder : int {
  kXYZ = 0, kXZY, kYXZ, kYZX, kZXY, kZYX,  // Tait-Bryan
  kXYX, kXZX, kYXY, kYZY, kZXZ, kZYZ,      // proper Euler
  kCount
};

// Axis index per slot for each order, in the enum's order.
constexpr int kEulerAxes[static_cast<int>(EulerOrder::kCount)][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
    {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2},
};

// Index (0 = x, 1 = y, 2 = z) of the axis that `slot` rotates about. Inline:
// every forward pass asks it three times a bone.
inline int EulerAxis(EulerOrder order, int slot) { return kEulerAxes[static_cast<int>(order)][slot]; }

bool IsValidEulerOrder(int order);

// Parses "XYZ", "XZX", ...; returns false on anything else.
bool ParseEulerOrder(const char* text, EulerOrder* order);

// The three-letter name of an order ("XYZ"); "???" for invalid values.
const char* EulerOrderName(EulerOrder order);

// E(θ) as a unit quaternion, in the joint frame's coordinates.
glm::quat EulerRotation(EulerOrder order, const glm::vec3& angles);

// The angles θ with EulerRotation(order, θ) == q. Of the two solutions (and
// their 2π shifts) it returns the one nearest `hint` (e.g. the current pose),
// so that poses stay continuous; at gimbal lock it keeps hint's slot 0.
glm::vec3 EulerFromRotation(EulerOrder order, const glm::quat& q, const glm::vec3& hint);

}  // namespace kin
