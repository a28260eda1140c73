// Normals under a linear map m go by m's inverse transpose. Its direction is
// that of cofactor(m) = det(m) · m⁻ᵀ with the sign of det(m) put back: no
// division, and finite where a blend of bone matrices is singular. The
// CPU kernels (wasm/src/skinning/) compute the same.

mat3 cofactor(mat3 m) {
  return mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
}

// m⁻ᵀ · n up to a positive factor.
vec3 inverseTransposeTimes(mat3 m, vec3 n) {
  mat3 c = cofactor(m);
  vec3 direction = c * n;
  // det(m) = m[0] · (m[1] × m[2]).
  return dot(m[0], c[0]) < 0.0 ? -direction : direction;
}

// v / |v|, and a zero vector stays zero (normalize() would make it NaN).
vec3 unitOrZero(vec3 v) {
  return v * inversesqrt(max(dot(v, v), 1e-30));
}
