// Linear blend skinning with the palette from the WASM core.
// GLSL ES 3.00 for THREE.RawShaderMaterial (glslVersion GLSL3): three.js adds
// only the #version line, so everything is declared here.
precision highp float;
precision highp int;
// Samplers default to lowp; the palette needs full float precision.
precision highp sampler2D;

uniform mat4 modelMatrix;
uniform mat4 viewMatrix;
uniform mat4 projectionMatrix;

// three.js's bone-texture contract: 4 RGBA32F texels per bone holding its
// column-major palette matrix (P_j · inverseBind_j, model space); texel
// 4 * j + c is column c of bone j, laid out row by row in a square texture.
uniform sampler2D boneTexture;
uniform int boneTextureSize;

in vec3 position;
in vec3 normal;
// Rig bone indices (already remapped from the skin's joint order).
in vec4 skinIndex;
in vec4 skinWeight;
#ifdef EIGHT_INFLUENCES
// glTF's second joint set (JOINTS_1 / WEIGHTS_1): four more influences.
in vec4 skinIndex1;
in vec4 skinWeight1;
#endif

out vec3 vPosition_ws;
out vec3 vNormal_ws;

vec4 paletteTexel(int index) {
  return texelFetch(boneTexture, ivec2(index % boneTextureSize, index / boneTextureSize), 0);
}

mat4 paletteMatrix(float bone) {
  int first = 4 * int(bone);
  return mat4(paletteTexel(first), paletteTexel(first + 1), paletteTexel(first + 2), paletteTexel(first + 3));
}

// det(m) · transpose(inverse(m)): the same direction as the inverse transpose
// whenever det > 0 (rotations and positive scales, and their blends), and it
// stays finite where a blend of rotations is nearly singular.
mat3 cofactor(mat3 m) {
  return mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
}

void main() {
  mat4 skin_ms = skinWeight.x * paletteMatrix(skinIndex.x)
               + skinWeight.y * paletteMatrix(skinIndex.y)
               + skinWeight.z * paletteMatrix(skinIndex.z)
               + skinWeight.w * paletteMatrix(skinIndex.w);
#ifdef EIGHT_INFLUENCES
  skin_ms += skinWeight1.x * paletteMatrix(skinIndex1.x)
           + skinWeight1.y * paletteMatrix(skinIndex1.y)
           + skinWeight1.z * paletteMatrix(skinIndex1.z)
           + skinWeight1.w * paletteMatrix(skinIndex1.w);
#endif

  vec4 position_ws = modelMatrix * (skin_ms * vec4(position, 1.0));
  // cofactor(A · B) = cofactor(A) · cofactor(B): one cofactor carries the
  // normal through both the skin and the object's own transform.
  vNormal_ws = cofactor(mat3(modelMatrix) * mat3(skin_ms)) * normal;
  vPosition_ws = position_ws.xyz;
  gl_Position = projectionMatrix * viewMatrix * position_ws;
}
