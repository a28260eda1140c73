// Linear blend skinning: the palette from the WASM core in three.js's
// bone-texture contract, 4 texels per bone holding the column-major matrix
// P_j · inverseBind_j (bind space to model space). The CPU reference is
// LbsJob (wasm/src/skinning/lbs_kernel.h). Each method's chunk declares the
// same names — SkinBlend, skinBlend(), skinPosition(), skinNormal(),
// skinTangent() — so that the vertex shaders around it (skinning.vert.glsl,
// three.js materials through web/src/three/material-skinning.ts) blend once
// per vertex and map what they need with it.

mat4 paletteMatrix(int bone) {
  int first = 4 * bone;
  return mat4(boneTexel(first), boneTexel(first + 1), boneTexel(first + 2), boneTexel(first + 3));
}

// The vertex's blend of its bones' palette matrices.
struct SkinBlend {
  mat4 matrix;
};

SkinBlend skinBlend() {
  mat4 blend = mat4(0.0);
  for (int k = 0; k < INFLUENCE_COUNT; k++) blend += influenceWeight(k) * paletteMatrix(influenceBone(k));
  return SkinBlend(blend);
}

vec3 skinPosition(SkinBlend b, vec3 position_bs) {
  return (b.matrix * vec4(position_bs, 1.0)).xyz;
}

// Not unit length.
vec3 skinNormal(SkinBlend b, vec3 normal_bs) {
  return inverseTransposeTimes(mat3(b.matrix), normal_bs);
}

// A direction in the surface (a normal map's tangent) goes by the linear part itself.
vec3 skinTangent(SkinBlend b, vec3 tangent_bs) {
  return mat3(b.matrix) * tangent_bs;
}
