// Dual quaternion skinning with scale (Kavan et al. 2008), on the packed
// palette from the WASM core (Rig.dqsPalette(), kin::PackDqsPalette): 5
// texels per bone — the real part x y z w, the dual part x y z w, then the
// three columns of the symmetric scale/shear S (x y z 0). The CPU reference
// is DqsJob (wasm/src/skinning/dqs_kernel.h); this computes the same
// formulas, step for step. It declares the same names as skin-lbs.glsl.

const int DQS_TEXELS_PER_BONE = 5;

vec4 dqsTexel(int bone, int texel) {
  return boneTexel(DQS_TEXELS_PER_BONE * bone + texel);
}

// The vertex's blend: the rigid parts as a dual quaternion (r, e), which
// stands for the unit dual quaternion (r, e) / |r|, with f = 2 / |r|²; the
// scale parts s blended linearly.
struct SkinBlend {
  vec4 r;
  vec4 e;
  mat3 s;
  float f;
};

SkinBlend skinBlend() {
  // Antipodality: every rotation joins the hemisphere of the largest
  // weight's (the first of equal ones), or the blend may go the long way round.
  int pivot = 0;
  for (int k = 1; k < INFLUENCE_COUNT; k++) {
    if (influenceWeight(k) > influenceWeight(pivot)) pivot = k;
  }
  vec4 pivotReal = dqsTexel(influenceBone(pivot), 0);

  vec4 r = vec4(0.0);
  vec4 e = vec4(0.0);
  mat3 s = mat3(0.0);
  float weightTotal = 0.0;
  for (int k = 0; k < INFLUENCE_COUNT; k++) {
    int bone = influenceBone(k);
    float w = influenceWeight(k);
    vec4 real = dqsTexel(bone, 0);
    float signedW = dot(real, pivotReal) < 0.0 ? -w : w;
    weightTotal += abs(w);
    r += signedW * real;
    e += signedW * dqsTexel(bone, 1);
    s += w * mat3(dqsTexel(bone, 2).xyz, dqsTexel(bone, 3).xyz, dqsTexel(bone, 4).xyz);
  }
  // Where the weights cancel or are all but zero (|r|² within 1e-12 of
  // (Σ |w|)², or under 1e-30: the core's kCancelledBlend and kSmallestBlend)
  // there is no rotation, only rounding: f = 0, identity.
  float length2 = dot(r, r);
  return SkinBlend(r, e, s, length2 > max(1e-12 * weightTotal * weightTotal, 1e-30) ? 2.0 / length2 : 0.0);
}

// The blend's rotation of v.
vec3 skinRotate(SkinBlend b, vec3 v) {
  return v + b.f * cross(b.r.xyz, cross(b.r.xyz, v) + b.r.w * v);
}

// Scaled, rotated, then translated:
//   v' = v + f · (r.xyz × (r.xyz × v + r.w v + e.xyz) + r.w e.xyz − e.w r.xyz).
vec3 skinPosition(SkinBlend b, vec3 position_bs) {
  vec3 scaled = b.s * position_bs;
  return scaled + b.f * (cross(b.r.xyz, cross(b.r.xyz, scaled) + b.r.w * scaled + b.e.xyz) + b.r.w * b.e.xyz - b.e.w * b.r.xyz);
}

// R · S⁻ᵀ · n (S is symmetric, so S⁻ᵀ = S⁻¹); not unit length.
vec3 skinNormal(SkinBlend b, vec3 normal_bs) {
  return skinRotate(b, inverseTransposeTimes(b.s, normal_bs));
}

// R · S · t: a direction in the surface goes by the linear part itself.
vec3 skinTangent(SkinBlend b, vec3 tangent_bs) {
  return skinRotate(b, b.s * tangent_bs);
}
