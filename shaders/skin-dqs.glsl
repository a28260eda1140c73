// Dual quaternion skinning with scale (Kavan et al. 2008), on the packed
// palette from the WASM core (Rig.dqsPalette(), kin::PackDqsPalette): 5
// texels per bone — the real part x y z w, the dual part x y z w, then the
// three columns of the symmetric scale/shear S (x y z 0). The CPU reference
// is DqsJob (wasm/src/skinning/dqs_kernel.h); this computes the same
// formulas, step for step.

const int DQS_TEXELS_PER_BONE = 5;

vec4 dqsTexel(int bone, int texel) {
  return boneTexel(DQS_TEXELS_PER_BONE * bone + texel);
}

void skin(vec3 position_bs, vec3 normal_bs, out vec3 position_ms, out vec3 normal_ms) {
  // Antipodality: every rotation joins the hemisphere of the largest
  // weight's (the first of equal ones), or the blend may go the long way round.
  int pivot = 0;
  for (int k = 1; k < INFLUENCE_COUNT; k++) {
    if (influenceWeight(k) > influenceWeight(pivot)) pivot = k;
  }
  vec4 pivotReal = dqsTexel(influenceBone(pivot), 0);

  // The rigid parts blend as dual quaternions, the scale parts linearly.
  vec4 r = vec4(0.0);
  vec4 e = vec4(0.0);
  mat3 s = mat3(0.0);
  for (int k = 0; k < INFLUENCE_COUNT; k++) {
    int bone = influenceBone(k);
    float w = influenceWeight(k);
    vec4 real = dqsTexel(bone, 0);
    float signedW = dot(real, pivotReal) < 0.0 ? -w : w;
    r += signedW * real;
    e += signedW * dqsTexel(bone, 1);
    s += w * mat3(dqsTexel(bone, 2).xyz, dqsTexel(bone, 3).xyz, dqsTexel(bone, 4).xyz);
  }

  // (r, e) stands for the unit dual quaternion (r, e) / |r|. With
  // f = 2 / |r|², rotating by it and adding its translation is
  //   v' = v + f · (r.xyz × (r.xyz × v + r.w v + e.xyz) + r.w e.xyz − e.w r.xyz);
  // where the weights cancel to r = 0 there is no rotation: f = 0, identity.
  float length2 = dot(r, r);
  float f = length2 > 0.0 ? 2.0 / length2 : 0.0;
  vec3 scaled = s * position_bs;
  position_ms = scaled + f * (cross(r.xyz, cross(r.xyz, scaled) + r.w * scaled + e.xyz) + r.w * e.xyz - e.w * r.xyz);
  // Normals: R · S⁻ᵀ · n (S is symmetric, so S⁻ᵀ = S⁻¹).
  vec3 m = inverseTransposeTimes(s, normal_bs);
  normal_ms = m + f * cross(r.xyz, cross(r.xyz, m) + r.w * m);
}
