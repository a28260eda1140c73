// The parsers of JavaScript values into the core's structs, in one place
// (js_parsers.cpp). Each returns a Status naming the bad field and leaves
// the core's own validation (ranges, bones) to the core.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "kin/animation/clip.h"
#include "kin/goal.h"
#include "kin/ik/solver_registry.h"
#include "kin/skeleton.h"
#include "kin/springs/spring_chain.h"
#include "kin/status.h"

namespace kin {

// 3 numbers (an array or typed array).
Status ParseVec3(const emscripten::val& v, const char* what, glm::vec3* out);
// Any IkOptions field by its key in the option table (kin/ik/solver_registry.h); undefined: none.
Status ParseOptions(const emscripten::val& options, IkOptions* o);
// Goal g ({ bone, target, point?, weight?, orientation?, orientationWeight?, pole?, poleWeight?, poleBone? }).
Status ParseGoal(const emscripten::val& v, int g, Goal* out, bool* has_point);
// An array of goals, counted before it is copied; a goal without a point pulls on its bone's tip.
Status ParseGoals(const emscripten::val& goals, const Skeleton& skeleton, std::vector<Goal>* out);
// Chain c ({ name?, bones, frequencyHz?, dampingRatio?, gravity?, inertia?, swingMax?, boneSwingMax?, enabled? }).
Status ParseSpringChain(const emscripten::val& v, int c, SpringChainDef* def);
Status ParseSpringChains(const emscripten::val& chains, std::vector<SpringChainDef>* defs);
// A flat clip (web/src/rig/clip-data.ts's flattenClip) into a ClipDef.
Status ParseClip(const emscripten::val& clip, ClipDef* def);
// A flat rig description (kin/flat_rig.h's fields, names and orders) into bones.
Status ParseFlatRig(const emscripten::val& desc, std::vector<BoneDef>* bones);

struct SkinArrays {
  std::vector<float> positions;
  std::vector<float> normals;
  std::vector<std::uint16_t> joints;
  std::vector<float> weights;
};
// Positions (3/vertex), normals (3/vertex or empty), joints and weights (4 or
// 8 per vertex); the vertex count checked before anything is copied.
Status ParseSkin(const emscripten::val& positions, const emscripten::val& normals, const emscripten::val& joints,
                 const emscripten::val& weights, SkinArrays* out);
// An array of numbers (`what` names it in the error).
Status ParseNumbers(const emscripten::val& v, const char* what, std::vector<float>* out);

}  // namespace kin
