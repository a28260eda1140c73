// The skinned character's vertex shader, last chunk: the method's chunk
// (skin-lbs.glsl or skin-dqs.glsl) blends the vertex's bones and maps the
// bind-space vertex into the rig's model space; then the object's own transform and the
// camera's. Normals leave as unit vectors, as three.js's do, so that they
// interpolate like the unit normals of a CPU-skinned mesh.

uniform mat4 modelMatrix;
uniform mat4 viewMatrix;
uniform mat4 projectionMatrix;

in vec3 position;
in vec3 normal;

out vec3 vPosition_ws;
out vec3 vNormal_ws;

// A mesh's own colours (COLOR_0): the default character's eyes.
#ifdef VERTEX_COLORS
in vec3 color;
out vec3 vColor;
#endif

void main() {
  SkinBlend blend = skinBlend();
  vec3 position_ms = skinPosition(blend, position);
  vec3 normal_ms = skinNormal(blend, normal);
  vec4 position_ws = modelMatrix * vec4(position_ms, 1.0);
  vNormal_ws = unitOrZero(inverseTransposeTimes(mat3(modelMatrix), normal_ms));
  vPosition_ws = position_ws.xyz;
  gl_Position = projectionMatrix * viewMatrix * position_ws;
#ifdef VERTEX_COLORS
  vColor = color;
#endif
}
