// A prop's vertex shader for the image passes (pass.frag.glsl): the mesh as
// three.js places it, its world-space position and unit normal (by the
// inverse transpose: a prop may be scaled unevenly). Follows
// normal-transform.glsl; a mesh without normals gets zero ones, which the
// fragment shader replaces by its faces' own.

uniform mat4 modelMatrix;
uniform mat4 viewMatrix;
uniform mat4 projectionMatrix;

in vec3 position;
in vec3 normal;

out vec3 vPosition_ws;
out vec3 vNormal_ws;

void main() {
  vec4 position_ws = modelMatrix * vec4(position, 1.0);
  vPosition_ws = position_ws.xyz;
  vNormal_ws = unitOrZero(inverseTransposeTimes(mat3(modelMatrix), normal));
  gl_Position = projectionMatrix * viewMatrix * position_ws;
}
