// Reading "Export pose JSON" files back (import/pose-json-importer.ts) and
// applying them by bone name (posing/named-pose.ts): bad input is refused
// with a message naming the field; a pose applies to the bones that match by
// name and Euler order, as one undo step, and the message names the file's
// bones this character lacks, those in another order and the character's
// bones the file lacks, which keep their angles. Expected angles are the
// file's numbers, written here by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { PoseJsonImporter, readPoseJson } from '../../web/src/import/pose-json-importer.js';
import { applyNamedPose } from '../../web/src/posing/named-pose.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

const valid = () => ({
  format: 'kin-pose',
  version: 1,
  character: 'default',
  rootOffset: [0.1, -0.2, 0.3],
  bones: [
    { name: 'hips', order: 'XYZ', angles: [0.1, 0.2, 0.3] },
    { name: 'spine', order: 'XYZ', angles: [-0.1, 0, 0.05] },
  ],
});

describe('readPoseJson', () => {
  it('reads a pose JSON as a pose by bone name', () => {
    expect(readPoseJson(valid())).toEqual({
      rootOffset_ms: [0.1, -0.2, 0.3],
      bones: [
        { name: 'hips', order: 'XYZ', angles: [0.1, 0.2, 0.3] },
        { name: 'spine', order: 'XYZ', angles: [-0.1, 0, 0.05] },
      ],
    });
  });

  // Each case breaks one field of a valid document; the error names that field.
  const broken: [string, (doc: ReturnType<typeof valid> & Record<string, unknown>) => unknown, RegExp][] = [
    ['not an object', () => [1, 2], /^it is not a JSON object$/],
    ['null', () => null, /^it is not a JSON object$/],
    ['another format', (doc) => ({ ...doc, format: 'bvh' }), /^its format is "bvh", not "kin-pose"$/],
    ['no format', (doc) => ({ ...doc, format: undefined }), /^its format is undefined, not "kin-pose"$/],
    ['another version', (doc) => ({ ...doc, version: 2 }), /^its version is 2; this page reads version 1$/],
    ['a short root offset', (doc) => ({ ...doc, rootOffset: [1, 2] }), /^rootOffset must be 3 finite numbers$/],
    ['a root offset that is not finite', (doc) => ({ ...doc, rootOffset: [1, Infinity, 2] }), /^rootOffset must be 3 finite numbers$/],
    ['no root offset', (doc) => ({ ...doc, rootOffset: undefined }), /^rootOffset must be 3 finite numbers$/],
    ['bones not a list', (doc) => ({ ...doc, bones: { hips: [0, 0, 0] } }), /^bones must be an array$/],
    ['a bone that is not an object', (doc) => ({ ...doc, bones: [doc.bones[0], 7] }), /^bones\[1\] is not an object$/],
    ['a bone without a name', (doc) => ({ ...doc, bones: [{ ...doc.bones[0], name: '' }] }), /^bones\[0\]\.name must be a non-empty string$/],
    ['a bone named twice', (doc) => ({ ...doc, bones: [doc.bones[0], { ...doc.bones[1], name: 'hips' }] }), /^bones\[1\]: bone 'hips' appears twice$/],
    ['an unknown Euler order', (doc) => ({ ...doc, bones: [{ ...doc.bones[0], order: 'XYW' }] }), /^bones\[0\] \('hips'\): order "XYW" is not one of XYZ, /],
    ['two angles', (doc) => ({ ...doc, bones: [doc.bones[0], { ...doc.bones[1], angles: [0, 0] }] }), /^bones\[1\] \('spine'\)\.angles must be 3 finite numbers$/],
    ['an angle that is a string', (doc) => ({ ...doc, bones: [{ ...doc.bones[0], angles: [0, '1', 0] }] }), /^bones\[0\] \('hips'\)\.angles must be 3 finite numbers$/],
    ['a 3 MB bone name', (doc) => ({ ...doc, bones: [{ ...doc.bones[0], name: `hips${'x'.repeat(3 << 20)}` }] }), /^bones\[0\]\.name 'hipsx{44}… \(3145732 characters\)' is 3145732 bytes long, more than the 128 a bone name may have$/],
    ['more bones than a rig has', (doc) => ({ ...doc, bones: Array.from({ length: 4097 }, (_, k) => ({ name: `b${k}`, order: 'XYZ', angles: [0, 0, 0] })) }), /^it has 4097 bones, more than the 4096 a rig can have$/],
  ];
  it.each(broken)('refuses %s, naming it', (_, breakIt, message) => {
    expect(() => readPoseJson(breakIt(valid()))).toThrow(message);
  });
});

describe('PoseJsonImporter', () => {
  const file = (bytes: Uint8Array) => ({ main: { name: 'pose.json', bytes: bytes.slice().buffer, uris: { kind: 'companions' as const } }, companions: new Map() });
  const importer = new PoseJsonImporter();

  it('reads the file as a pose and says how many bones it has', async () => {
    const result = await importer.import(file(new TextEncoder().encode(JSON.stringify(valid()))));
    expect(result).toMatchObject({ kind: 'pose', summary: "Read the pose in 'pose.json' (2 bones)." });
  });

  it('refuses text that is not JSON, bytes that are not UTF-8, and a file too large to be a pose', async () => {
    await expect(importer.import(file(new TextEncoder().encode('{"format": ')))).rejects.toThrow(/^it is not JSON \(/);
    await expect(importer.import(file(new Uint8Array([0x7b, 0xff, 0x7d])))).rejects.toThrow(/^it is not JSON \(/);
    await expect(importer.import(file(new Uint8Array((4 << 20) + 1)))).rejects.toThrow(/^it is 4194305 bytes; a pose JSON is at most 4194304$/);
  });
});

describe('applyNamedPose', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  const editorOf = (): PoseEditor => defaultCharacterEditor(module, bones);
  const anglesOf = (editor: PoseEditor, name: string): number[] => Array.from(editor.session.rig.getAngles(editor.session.rig.boneIndex(name)));
  const f32 = (values: number[]): number[] => values.map(Math.fround);

  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  it('poses every bone the file names, leaves the rest, and says which bones did not match', () => {
    const editor = editorOf();
    const rig = editor.session.rig;
    const before = Array.from(rig.pose());
    const message = applyNamedPose(editor, {
      rootOffset_ms: [0.05, -0.1, 0],
      bones: [
        { name: 'spine', order: 'XYZ', angles: [0.1, 0.05, -0.02] },
        { name: 'tail', order: 'XYZ', angles: [1, 1, 1] },
        { name: 'head', order: 'XYZ', angles: [0.2, -0.3, 0] },
        { name: 'forearm_l', order: 'ZYX', angles: [0, -1, 0] },
        { name: 'ear_l', order: 'XYZ', angles: [0, 0, 0] },
      ],
    });
    expect(anglesOf(editor, 'spine')).toEqual(f32([0.1, 0.05, -0.02]));
    expect(anglesOf(editor, 'head')).toEqual(f32([0.2, -0.3, 0]));
    expect(rig.rootOffset).toEqual(f32([0.05, -0.1, 0]));
    // The bones it did not pose keep their angles: the forearm (another order) and those the file lacks.
    const forearm = rig.boneIndex('forearm_l');
    expect(anglesOf(editor, 'forearm_l')).toEqual(before.slice(3 * forearm, 3 * forearm + 3));
    const thigh = rig.boneIndex('thigh_r');
    expect(anglesOf(editor, 'thigh_r')).toEqual(before.slice(3 * thigh, 3 * thigh + 3));

    const untouched = rig.boneNames.filter((name) => !['spine', 'head', 'forearm_l'].includes(name));
    expect(untouched).toHaveLength(rig.boneCount - 3);
    expect(message).toBe(
      `Posed 2 bones of ${rig.boneCount}. 2 bones in the file are not on this character: tail, ear_l. ` +
        `1 bone in the file is in another Euler order here, left as they were: forearm_l (ZYX, here XYZ). ` +
        `${rig.boneCount - 3} bones of this character are not in the file, left as they were: ${untouched.slice(0, 8).join(', ')} and ${untouched.length - 8} more.`,
    );
  });

  it('is one undo step, which brings back the pose before', () => {
    const editor = editorOf();
    const before = { pose: Array.from(editor.session.rig.pose()), rootOffset: editor.session.rig.rootOffset, palette: Array.from(editor.session.rig.palette()) };
    const depth = editor.undo.depths.undo;
    const all = editor.session.rig.boneNames.map((name, bone) => ({ name, order: editor.session.rig.orders[bone], angles: [0.01 * bone, -0.02, 0.03] as Vec3Tuple }));
    expect(applyNamedPose(editor, { rootOffset_ms: [0, 0.1, 0], bones: all })).toBe(`Posed ${all.length} bones of ${all.length}.`);
    expect(editor.undo.depths.undo).toBe(depth + 1);
    expect(Array.from(editor.session.rig.pose())).not.toEqual(before.pose);
    expect(editor.undo.undo()).toBe(true);
    expect(Array.from(editor.session.rig.pose())).toEqual(before.pose);
    expect(editor.session.rig.rootOffset).toEqual(before.rootOffset);
    expect(Array.from(editor.session.rig.palette())).toEqual(before.palette);
  });

  it('names a long unknown bone by its start in the message', () => {
    const editor = editorOf();
    const long = `Armature|${'segment_'.repeat(15)}`;
    expect(() => applyNamedPose(editor, { rootOffset_ms: [0, 1, 0], bones: [{ name: long, order: 'XYZ', angles: [1, 0, 0] }] })).toThrow(
      `1 bone in the file is not on this character: ${long.slice(0, 48)}… (${long.length} characters).`,
    );
  });

  it('refuses a pose none of whose bones match, naming them, and changes nothing', () => {
    const editor = editorOf();
    const before = Array.from(editor.session.rig.pose());
    const depth = editor.undo.depths.undo;
    expect(() =>
      applyNamedPose(editor, {
        rootOffset_ms: [0, 1, 0],
        bones: [
          { name: 'tail', order: 'XYZ', angles: [1, 0, 0] },
          { name: 'hips', order: 'ZXY', angles: [1, 0, 0] },
        ],
      }),
    ).toThrow("none of its 2 bones matches this character's bones by name and Euler order. 1 bone in the file is not on this character: tail. Other Euler order: hips (ZXY, here XYZ).");
    expect(Array.from(editor.session.rig.pose())).toEqual(before);
    expect(editor.undo.depths.undo).toBe(depth);
  });
});
