// Clay-like shading for the skinned character: a sky/ground hemisphere, one
// directional key light with a soft highlight, and a little rim light.
// All lighting is in world space and in linear colour.
precision highp float;

// Set by three.js for every shader that declares it.
uniform vec3 cameraPosition;

uniform vec3 baseColor;
uniform vec3 skyColor;
uniform vec3 groundColor;
// Points from the surface towards the light.
uniform vec3 keyDirection_ws;
uniform vec3 keyColor;
uniform vec3 rimColor;

in vec3 vPosition_ws;
in vec3 vNormal_ws;
#ifdef VERTEX_COLORS
in vec3 vColor;
#endif

out vec4 fragColor;

// Raw shaders get no colour-space conversion from three.js, and the canvas
// expects sRGB.
vec3 linearToSrgb(vec3 c) {
  vec3 low = c * 12.92;
  vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
  return mix(high, low, vec3(lessThanEqual(c, vec3(0.0031308))));
}

void main() {
  vec3 n = normalize(vNormal_ws);
  vec3 toEye = normalize(cameraPosition - vPosition_ws);

  vec3 hemisphere = mix(groundColor, skyColor, 0.5 + 0.5 * n.y);
  // Half-Lambert wrap keeps the shadow side readable.
  float wrap = 0.5 + 0.5 * dot(n, keyDirection_ws);
#ifdef VERTEX_COLORS
  vec3 albedo = baseColor * vColor;
#else
  vec3 albedo = baseColor;
#endif
  vec3 diffuse = albedo * (hemisphere + keyColor * wrap * wrap);

  vec3 halfway = normalize(keyDirection_ws + toEye);
  float highlight = pow(max(dot(n, halfway), 0.0), 32.0) * 0.15;
  float rim = pow(1.0 - max(dot(n, toEye), 0.0), 3.0);

  vec3 color = diffuse + keyColor * highlight + rimColor * rim;
  fragColor = vec4(linearToSrgb(clamp(color, 0.0, 1.0)), 1.0);
}
