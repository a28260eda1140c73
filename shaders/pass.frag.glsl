// What the image passes read per pixel (three/pass-render.ts), for the
// character's skinned meshes (skinning.vert.glsl) and the props
// (pass-prop.vert.glsl) alike: no lighting, no colour-space conversion.
//   passMode 0, depth: the view-axis distance (metres) and the mesh's tag
//     (1 for a character's, 0 for a prop's);
//   passMode 1, normal: the camera-space unit normal (OpenGL's: x right, y
//     up, z toward the viewer), turned toward the viewer on a back face;
//   passMode 2, mask: the tag (1 for what the mask shows, 0 for what only hides it).
// A float target takes the values as they are. Without float targets
// (PACKED), each goes into 8-bit channels: the depth over depthScale in 24
// bits of red, green and blue; the normal as (n + 1) / 2; the tag in alpha
// as 0.5 + 0.5 · tag, so that alpha 0 stays "nothing drawn".
precision highp float;

uniform mat4 viewMatrix;
uniform int passMode;
uniform float tag;
uniform float depthScale;

in vec3 vPosition_ws;
in vec3 vNormal_ws;

out vec4 fragColor;

vec3 cameraNormal(vec3 position_vs) {
  vec3 n = mat3(viewMatrix) * vNormal_ws;
  if (dot(n, n) < 1e-12) {
    // A mesh without normals: its face's own, from the position's screen derivatives, on the camera's side.
    n = cross(dFdx(position_vs), dFdy(position_vs));
    if (dot(n, position_vs) > 0.0) n = -n;
  } else if (!gl_FrontFacing) {
    // A double-sided prop seen from behind: the side the camera sees.
    n = -n;
  }
  return normalize(n);
}

// x in [0, 1) as a 24-bit whole number, its bytes in red (high), green and blue (low), each byte / 255 (stored exactly).
vec3 pack24(float x) {
  float v = floor(clamp(x, 0.0, 1.0) * 16777215.0);
  float high = floor(v / 65536.0);
  float middle = floor((v - high * 65536.0) / 256.0);
  float low = v - high * 65536.0 - middle * 256.0;
  return vec3(high, middle, low) / 255.0;
}

void main() {
  vec3 position_vs = (viewMatrix * vec4(vPosition_ws, 1.0)).xyz;
  float depth = -position_vs.z;
#ifdef PACKED
  if (passMode == 0) fragColor = vec4(pack24(depth / depthScale), 0.5 + 0.5 * tag);
  else if (passMode == 1) fragColor = vec4(0.5 + 0.5 * cameraNormal(position_vs), 1.0);
  else fragColor = vec4(0.0, 0.0, 0.0, 0.5 + 0.5 * tag);
#else
  if (passMode == 0) fragColor = vec4(depth, tag, 0.0, 1.0);
  else if (passMode == 1) fragColor = vec4(cameraNormal(position_vs), 1.0);
  else fragColor = vec4(tag, 0.0, 0.0, 1.0);
#endif
}
