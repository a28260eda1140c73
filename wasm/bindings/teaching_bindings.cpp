// The Embind class `RigTeaching`: a rig's traced solve and finite
// differences for the step-through lesson (kin/rig_teaching.h), as plain
// objects. Allocates per call: a lesson's step, not a frame.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "kin/rig_teaching.h"
#include "rig_binding.h"

namespace kin {

using emscripten::val;

namespace {

// A Float32Array holding a copy of `count` floats (the heap view it is made
// from goes stale when memory grows; the copy does not).
val CopyFloats(const float* data, std::size_t count) {
  return val::global("Float32Array").new_(val(emscripten::typed_memory_view(count, data)));
}
val CopyPoints(Span<const glm::vec3> points) {
  return CopyFloats(reinterpret_cast<const float*>(points.data), 3 * points.size);
}

// A traced solve as one plain object (web/src/rig/solve-trace.ts has its
// type): the report (status as its SolveStatus code), the active dofs (bone
// -1 for the root offset's axes, slot the axis), one object per entry, and
// whether anything was dropped.
val TraceToJs(const IkTrace& trace, int status_code, const SolveReport& report) {
  val out = val::object();
  val r = val::object();
  r.set("status", status_code);
  r.set("iterations", report.iterations);
  r.set("error", report.error);
  r.set("energyCount", report.energy_count);
  r.set("energy", report.energy);
  r.set("worstGoal", report.worst_goal);
  out.set("report", r);
  val dofs = val::array();
  for (int d = 0; d < trace.dof_count(); ++d) {
    val dof = val::object();
    dof.set("bone", trace.dof_bone(d));
    dof.set("slot", trace.dof_slot(d));
    dofs.call<void>("push", dof);
  }
  out.set("dofs", dofs);
  val fabrik_bones = val::array();
  for (int i = 0; i < trace.fabrik_bone_count(); ++i) fabrik_bones.call<void>("push", trace.fabrik_bone(i));
  val iterations = val::array();
  for (int e = 0; e < trace.entry_count(); ++e) {
    val it = val::object();
    it.set("angles", CopyPoints(trace.angles(e)));
    const glm::vec3& root = trace.root_offset(e);
    it.set("rootOffset", CopyFloats(&root.x, 3));
    it.set("energy", trace.energy(e));
    it.set("error", trace.error(e));
    it.set("stepScale", trace.step_scale(e));
    it.set("damping", trace.damping(e));
    it.set("points", CopyPoints(trace.points(e)));
    if (trace.has_jacobian(e)) {
      it.set("startAngles", CopyPoints(trace.start_angles(e)));
      const glm::vec3& start_root = trace.start_root_offset(e);
      it.set("startRootOffset", CopyFloats(&start_root.x, 3));
      it.set("startPoints", CopyPoints(trace.start_points(e)));
      it.set("jacobian", CopyPoints(trace.jacobian(e)));
      it.set("gradient", CopyFloats(trace.gradient(e).data, trace.gradient(e).size));
    }
    val trials = val::array();
    for (int t = 0; t < trace.trial_count(e); ++t) {
      val trial = val::object();
      trial.set("scale", trace.trial(e, t).scale);
      trial.set("energy", trace.trial(e, t).energy);
      trial.set("accepted", trace.trial(e, t).accepted);
      trial.set("points", CopyPoints(trace.trial_points(e, t)));
      trials.call<void>("push", trial);
    }
    it.set("trials", trials);
    if (trace.has_fabrik(e)) {
      it.set("fabrikBackward", CopyPoints(trace.fabrik_backward(e)));
      it.set("fabrikForward", CopyPoints(trace.fabrik_forward(e)));
      it.set("fabrikBones", fabrik_bones);
    }
    if (trace.final(e)) it.set("final", true);
    iterations.call<void>("push", it);
  }
  out.set("iterations", iterations);
  out.set("truncated", trace.truncated());
  return out;
}

}  // namespace

class TeachingBinding : public FeatureBinding {
 public:
  explicit TeachingBinding(std::uintptr_t rig_address) : FeatureBinding(rig_address) {}

  // kin::TraceSolve with `max_trials` trials per iteration: the plain object
  // of TraceToJs, or null with errorMessage() set. The pose, buffers and
  // report change as the rig's solve() changes them.
  val traceSolve(int max_trials) {
    RigBinding* r = rig();
    if (r == nullptr) return val::null();
    IkTrace trace;
    const int code = r->Solved(TraceSolve(r->core(), max_trials, &trace));
    if (r->report().status == SolveStatus::kInvalidInput) {
      Report(r->report().input);
      return val::null();
    }
    return TraceToJs(trace, code, r->report());
  }
  // kin::FiniteDifferenceJacobian with step h: a Float32Array in the trace's
  // jacobian layout, or null with errorMessage() set.
  val finiteDifferenceJacobian(float h) {
    RigBinding* r = rig();
    if (r == nullptr) return val::null();
    std::vector<float> out;
    int dofs = 0;
    if (Report(FiniteDifferenceJacobian(r->core(), h, &out, &dofs)) != 0) return val::null();
    return CopyFloats(out.data(), out.size());
  }
};

}  // namespace kin

EMSCRIPTEN_BINDINGS(kin_teaching) {
  using kin::TeachingBinding;
  emscripten::class_<TeachingBinding>("RigTeaching")
      .constructor<std::uintptr_t>()
      .function("traceSolve", &TeachingBinding::traceSolve)
      .function("finiteDifferenceJacobian", &TeachingBinding::finiteDifferenceJacobian)
      .function("address", &kin::FeatureAddress<TeachingBinding>)
      .function("errorMessage", &kin::FeatureError<TeachingBinding>);
}
