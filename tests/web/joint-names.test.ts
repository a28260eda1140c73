// Joint-name hashes for glTF share links (web/src/share/joint-names.ts):
// FNV-1a against its published test vectors, and matching a link's joints to
// a rig's bones by name, in any order, or saying why not.
import { describe, expect, it } from 'vitest';
import { jointNameHash, matchJoints } from '../../web/src/share/joint-names.js';
import { linkSafeName, modelUrlProblem } from '../../web/src/import/model-input.js';
import { MAX_NAME_BYTES } from '../../web/src/share/pose-link.js';

describe('joint names in glTF links', () => {
  it('hashes with 32-bit FNV-1a over UTF-8', () => {
    expect(jointNameHash('')).toBe(0x811c9dc5);
    expect(jointNameHash('a')).toBe(0xe40c292c);
    expect(jointNameHash('foobar')).toBe(0xbf9cf968);
    // UTF-8, not UTF-16: 'é' is the two bytes c3 a9.
    expect(jointNameHash('é')).toBe(Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>> 0);
  });

  it('matches a link to a rig with the same joints in another order', () => {
    const link = ['hips', 'spine', 'head'].map(jointNameHash);
    const match = matchJoints(link, ['spine', 'head', 'hips']);
    expect(match).toEqual({ ok: true, rigBoneOf: Int32Array.from([2, 0, 1]) });
  });

  it('says why a rig does not match', () => {
    const link = ['hips', 'spine', 'head'].map(jointNameHash);
    expect(matchJoints(link, ['hips', 'spine', 'neck'])).toEqual({ ok: false, reason: "the link poses 3 joints, this model has 3, and 1 of the link's joint names is not among this model's" });
    expect(matchJoints(link, ['hips', 'spine'])).toMatchObject({ ok: false, reason: "the link poses 3 joints, this model has 2, and 1 of the link's joint names is not among this model's" });
    expect(matchJoints([...link.slice(0, 2), link[0]], ['hips', 'spine', 'head'])).toEqual({ ok: false, reason: 'the link names one joint twice' });
  });
});

describe('model names and URLs', () => {
  it('a file name becomes a name a link can carry', () => {
    expect(linkSafeName('robot.glb')).toBe('robot.glb');
    expect(linkSafeName('ro\u0000bot\n.glb')).toBe('robot.glb');
    expect(linkSafeName('\u0007')).toBe('model');
    const long = linkSafeName('骨'.repeat(100));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(long).toBe('骨'.repeat(42)); // cut on a character, not inside one
  });

  it('only this site and data: URLs may be loaded', () => {
    const page = 'https://kin.example';
    expect(modelUrlProblem(new URL('/models/robot.glb', page), page)).toBeNull();
    expect(modelUrlProblem(new URL('data:model/gltf-binary;base64,Z2xURg=='), page)).toBeNull();
    expect(modelUrlProblem(new URL('https://elsewhere.example/robot.glb'), page)).toBe('only models from this site or data: URLs can be loaded, not from https://elsewhere.example');
    expect(modelUrlProblem(new URL('http://kin.example/robot.glb'), page)).toMatch(/not from http:\/\/kin.example$/);
    expect(modelUrlProblem(new URL('file:///etc/passwd'), page)).toBe('only models from this site or data: URLs can be loaded, not from file:');
  });
});
