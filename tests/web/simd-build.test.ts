// The module's skinning kernels run on WASM SIMD: CMakeLists.txt builds the
// core with -msimd128, and the module says so (kin::HasSimdSkinning, true
// only when the compiler targeted simd128). The native build's answer is
// tested in tests/cpp/skinning_kernels_test.cpp.
import { describe, expect, it } from 'vitest';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

describe('WASM build', () => {
  it('skins with WASM SIMD', async () => {
    const module = await loadKinModuleNode();
    expect(module.hasSimdSkinning()).toBe(true);
  });
});
