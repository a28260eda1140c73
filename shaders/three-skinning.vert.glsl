// three.js's own skinning, for comparing renders with ours
// (window.kin.setDebugView): a THREE.ShaderMaterial vertex shader made of
// three.js's skinning chunks, which three.js fills in for a SkinnedMesh (its
// Skeleton's bone texture, bindMatrix); on a plain Mesh they vanish and the
// vertices are drawn as they are (the CPU-skinned reference). Appended after
// normal-transform.glsl.

#include <skinning_pars_vertex>

out vec3 vPosition_ws;
out vec3 vNormal_ws;

void main() {
  #include <beginnormal_vertex>
  #include <skinbase_vertex>
  #include <skinnormal_vertex>
  #include <begin_vertex>
  #include <skinning_vertex>
  vec4 position_ws = modelMatrix * vec4(transformed, 1.0);
  vPosition_ws = position_ws.xyz;
  vNormal_ws = unitOrZero(inverseTransposeTimes(mat3(modelMatrix), objectNormal));
  gl_Position = projectionMatrix * viewMatrix * position_ws;
}
