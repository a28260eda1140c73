// What every skinning method reads: the vertex's bone influences and the
// float texture that holds the method's per-bone data. The first chunk of
// our skinning (web/src/three/skinning-shaders.ts puts skin-inputs,
// normal-transform and the method's chunk together). GLSL ES 3.00, for
// THREE.RawShaderMaterial (glslVersion GLSL3: three.js adds only the
// #version line, so everything is declared here) and for three.js's own
// materials, whose prelude declares skinIndex and skinWeight only for a
// THREE.SkinnedMesh, which ours are not.
precision highp float;
precision highp int;
// Samplers default to lowp; the bone data needs full float precision.
precision highp sampler2D;

// Rig bone indices (already remapped from the skin's joint order) and their weights.
in vec4 skinIndex;
in vec4 skinWeight;

#ifdef EIGHT_INFLUENCES
// glTF's second joint set (JOINTS_1 / WEIGHTS_1): influences 4–7.
in vec4 skinIndex1;
in vec4 skinWeight1;

const int INFLUENCE_COUNT = 8;

int influenceBone(int k) {
  return int(k < 4 ? skinIndex[k] : skinIndex1[k - 4]);
}

float influenceWeight(int k) {
  return k < 4 ? skinWeight[k] : skinWeight1[k - 4];
}
#else
const int INFLUENCE_COUNT = 4;

int influenceBone(int k) {
  return int(skinIndex[k]);
}

float influenceWeight(int k) {
  return skinWeight[k];
}
#endif

// RGBA32F texels laid out row by row in a square texture; each method keeps
// a fixed number of consecutive texels per bone.
uniform sampler2D boneTexture;
uniform int boneTextureSize;

vec4 boneTexel(int index) {
  return texelFetch(boneTexture, ivec2(index % boneTextureSize, index / boneTextureSize), 0);
}
