// A download is named after the character on screen, so that exports of
// two models do not both land as the same file.
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../web/src/export/character-export.js';
import type { CharacterSource } from '../../web/src/posing/character-source.js';

const gltf = (name: string): CharacterSource => ({ kind: 'gltf', name, skin: 0, skinName: 'skin', influences: 4, warnings: [] });

describe('exportFileName', () => {
  it('names the default character, a lesson and a loaded model', () => {
    expect(exportFileName({ kind: 'default' }, '-posed.glb')).toBe('kin-character-posed.glb');
    expect(exportFileName({ kind: 'lesson', id: 'arm' }, '-pose.json')).toBe('kin-lesson-arm-pose.json');
    expect(exportFileName(gltf('Robot.GLB'), '-posed.glb')).toBe('Robot-posed.glb');
    expect(exportFileName(gltf('scene.gltf'), '-pose.json')).toBe('scene-pose.json');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName(gltf('a/b:c*?.glb'), '-posed.glb')).toBe('a_b_c__-posed.glb');
  });
});
