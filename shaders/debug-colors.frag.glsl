// Flat colours for comparing renders pixel by pixel (window.kin.setDebugView):
// no lighting and no colour-space conversion; each channel is a smooth
// function of the world-space position (stripes about 16 cm apart) or of the
// normal, so two renders agree pixel for pixel where their surfaces (or their
// normals) do. Used by our skinning shaders and by the reference meshes.
precision highp float;

// 0: world position, 1: normal.
uniform int colorMode;

in vec3 vPosition_ws;
in vec3 vNormal_ws;

out vec4 fragColor;

void main() {
  vec3 color = colorMode == 0 ? 0.5 + 0.5 * sin(40.0 * vPosition_ws) : 0.5 + 0.5 * normalize(vNormal_ws);
  fragColor = vec4(color, 1.0);
}
