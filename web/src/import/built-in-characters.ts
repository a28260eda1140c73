// The characters the page has without any file: the default one (its mesh
// kept from startup) and the lesson rigs (built in code, lessons/). Either
// goes on screen in its start pose in place of whatever is shown, from the
// lesson menu, from window.kin, or because a share link poses it: opening a
// link for a built-in character shows that character first, so that its
// pose can apply.
import type * as THREE from 'three';
import { isLessonId, lessonEntry } from '../lessons/lessons.js';
import { Rig } from '../rig/rig.js';
import type { SkinnedMeshRig } from './skinned-mesh-rig.js';
import type { PoseLinkCharacter } from '../share/pose-link.js';
import { lessonSkinnedMesh } from '../lessons/lesson-mesh.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { anglesFromTable } from '../posing/angle-table.js';
import type { CharacterSource } from '../posing/character-source.js';
import { swapCharacter } from '../app/character-swap.js';
import { goalLayoutsFor } from '../posing/found-goals.js';
import type { PosingApp } from '../app/posing-app.js';
import { goalLayoutFor } from '../posing/solver-goals.js';
import { applyStartPose } from '../posing/start-pose.js';

/** A built-in character: the default one, or a lesson by id. */
export type BuiltInCharacter = { kind: 'default' } | { kind: 'lesson'; id: string };

/** The default character as loaded at startup: its mesh and the rig description made from it. */
export interface DefaultCharacter {
  mesh: THREE.SkinnedMesh;
  rig: Pick<SkinnedMeshRig, 'bones' | 'jointToBone'>;
}

function shows(source: CharacterSource, character: BuiltInCharacter): boolean {
  return source.kind === character.kind && (source.kind !== 'lesson' || (character.kind === 'lesson' && source.id === character.id));
}

function characterLabel(character: BuiltInCharacter): string {
  return character.kind === 'lesson' ? `lesson '${character.id}'` : 'the default character';
}

export class BuiltInCharacters {
  /** `shown` runs after each swap (the page drops what it showed about the previous character). */
  constructor(
    private readonly app: PosingApp,
    private readonly module: KinModule,
    private readonly defaultCharacter: DefaultCharacter,
    private readonly shown: () => void,
  ) {}

  /** Puts the character on screen in its start pose (again, if it is shown); throws, changing nothing, for an unknown lesson. */
  show(character: BuiltInCharacter): void {
    if (character.kind === 'default') {
      const { mesh, rig: { bones, jointToBone } } = this.defaultCharacter;
      const rig = Rig.create(this.module, bones);
      applyStartPose(rig);
      swapCharacter(this.app, { rig, layouts: () => goalLayoutFor, meshes: [mesh], jointToBone, source: { kind: 'default' } });
    } else {
      const entry = lessonEntry(character.id);
      const lesson = entry.build();
      const rig = Rig.create(this.module, lesson.bones);
      rig.setPose(anglesFromTable(rig, lesson.startPose));
      const jointToBone = Int32Array.from(lesson.bones, (_, bone) => bone);
      const meshes = [lessonSkinnedMesh(entry.title, lesson.mesh)];
      swapCharacter(this.app, { rig, layouts: goalLayoutsFor, meshes, jointToBone, source: { kind: 'lesson', id: entry.id } });
    }
    this.shown();
  }

  /**
   * Before a link applies: shows the built-in character it poses, unless it
   * is on screen already or is not built in (a glTF file, an unknown lesson:
   * share-link.ts says why those cannot apply). Returns why it would not
   * fit — a link with another bone count than the character's — or null.
   */
  showForLink(character: PoseLinkCharacter, boneCount: number): string | null {
    if (character.kind === 'gltf' || (character.kind === 'lesson' && !isLessonId(character.id))) return null;
    const wanted: BuiltInCharacter = character.kind === 'lesson' ? { kind: 'lesson', id: character.id } : { kind: 'default' };
    if (shows(this.app.source, wanted)) return null;
    const bones = wanted.kind === 'lesson' ? lessonEntry(wanted.id).build().bones.length : this.defaultCharacter.rig.bones.length;
    if (boneCount !== bones) return `This link is for ${boneCount} bones; ${characterLabel(wanted)} has ${bones}`;
    this.show(wanted);
    return null;
  }
}
