// The characters the page has without any file: the default one (its mesh
// kept from startup) and the lesson rigs (built in code, lessons/), both
// drawn in the page's look. Each is made ready in its start pose, with its
// own poses (the default character's presets, a lesson's poses), for the
// page to show from the character menu, from window.kin, or because a share
// link poses it.
import type * as THREE from 'three';
import { lessonSkinnedMesh } from '../lessons/lesson-mesh.js';
import type { Lesson } from '../lessons/lesson.js';
import { lessonEntry } from '../lessons/lessons.js';
import { lessonFramePoints } from '../lessons/step-targets.js';
import { anglesFromTable } from '../posing/angle-table.js';
import { applyStartPose } from '../posing/start-pose.js';
import { foundGoalLayouts } from '../posing/found-goals.js';
import { DEFAULT_CHARACTER_PRESETS } from '../posing/pose-presets.js';
import { goalLayoutFor } from '../posing/solver-goals.js';
import { Rig } from '../rig/rig.js';
import type { KinModule } from '../wasm/generated/kin.js';
import type { CharacterParts } from './character-parts.js';
import { addDefaultCharacterSprings } from './default-character-springs.js';
import type { SkinnedMeshRig } from './skinned-mesh-rig.js';

/** A built-in character: the default one, or a lesson by id. */
export type BuiltInCharacter = { kind: 'default' } | { kind: 'lesson'; id: string };

/** The default character as loaded at startup: its mesh and the rig description made from it. */
export interface DefaultCharacter {
  mesh: THREE.SkinnedMesh;
  rig: Pick<SkinnedMeshRig, 'bones' | 'jointToBone'>;
}

export class BuiltInCharacters {
  constructor(
    private readonly module: KinModule,
    private readonly defaultCharacter: DefaultCharacter,
  ) {}

  /** The character's parts in its start pose; throws for an unknown lesson. */
  parts(character: BuiltInCharacter): CharacterParts {
    if (character.kind === 'default') {
      const { mesh, rig: { bones, jointToBone } } = this.defaultCharacter;
      const rig = Rig.create(this.module, bones);
      applyStartPose(rig);
      addDefaultCharacterSprings(rig);
      return { rig, layouts: () => goalLayoutFor, meshes: [{ mesh, material: 'page-look' }], jointToBone, info: { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS } };
    }
    const entry = lessonEntry(character.id);
    return this.lessonParts(entry.id, entry.build(this.module));
  }

  /** A lesson's parts from a lesson built by the caller (a lesson rebuilt with other parameters: extents, rolls). */
  lessonParts(id: string, lesson: Lesson): CharacterParts {
    const entry = lessonEntry(id);
    const rig = Rig.create(this.module, lesson.bones);
    rig.setPose(anglesFromTable(rig, lesson.poses[0].angles));
    if (lesson.springs !== undefined) rig.springs.setSpringChains(lesson.springs);
    const jointToBone = Int32Array.from(lesson.bones, (_, bone) => bone);
    const meshes = [{ mesh: lessonSkinnedMesh(entry.title, lesson.mesh), material: 'page-look' } as const];
    const framePoints = [...(lesson.framePoints ?? []), ...lessonFramePoints(id)];
    return { rig, layouts: foundGoalLayouts, meshes, jointToBone, info: { source: { kind: 'lesson', id: entry.id }, presets: lesson.poses, title: entry.title }, framePoints };
  }

  /** How many bones the character's rig has (without building it twice). */
  boneCount(character: BuiltInCharacter): number {
    return character.kind === 'lesson' ? lessonEntry(character.id).build(this.module).bones.length : this.defaultCharacter.rig.bones.length;
  }
}
