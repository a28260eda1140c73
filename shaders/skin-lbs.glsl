// Linear blend skinning: the palette from the WASM core in three.js's
// bone-texture contract, 4 texels per bone holding the column-major matrix
// P_j · inverseBind_j (bind space to model space). The CPU reference is
// LbsJob (wasm/src/skinning/lbs_kernel.h).

mat4 paletteMatrix(int bone) {
  int first = 4 * bone;
  return mat4(boneTexel(first), boneTexel(first + 1), boneTexel(first + 2), boneTexel(first + 3));
}

void skin(vec3 position_bs, vec3 normal_bs, out vec3 position_ms, out vec3 normal_ms) {
  mat4 blend = mat4(0.0);
  for (int k = 0; k < INFLUENCE_COUNT; k++) blend += influenceWeight(k) * paletteMatrix(influenceBone(k));
  position_ms = (blend * vec4(position_bs, 1.0)).xyz;
  normal_ms = inverseTransposeTimes(mat3(blend), normal_bs);
}
