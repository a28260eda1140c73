// The OpenPose people of the scene as a picture shows them: every character
// drawn (not hidden) that has a body (a rig with the bone roles; a lesson's
// arm chain has none and is left out, said so), its keypoints through the
// view, then hidden by what the depth pass of the same view draws in front
// of them (unless the points are kept). Landmarks are worked out once per
// rig: they depend on its bones, not its pose.
import type { SceneCharacter } from '../scene/scene.js';
import { transformMatrix } from '../scene/character-transform.js';
import { type BodyLandmarks, type MissingBody, openPoseBody } from '../outputs/openpose-landmarks.js';
import { type PersonKeypoints, personKeypoints } from '../outputs/openpose-keypoints.js';
import { applyVisibility } from '../outputs/openpose-visibility.js';
import type { DepthImage } from '../outputs/pass-images.js';
import type { Rig } from '../rig/rig.js';
import type { PictureView } from '../three/render-camera-three.js';

export interface KeypointOptions {
  hands: boolean;
  keepHidden: boolean;
}

export interface ScenePeople {
  people: PersonKeypoints[];
  /** The characters of each person, in order. */
  characters: SceneCharacter[];
  /** Characters drawn without a body, with why. */
  without: { name: string; message: string }[];
}

export class SceneKeypoints {
  private readonly landmarks = new WeakMap<Rig, BodyLandmarks | MissingBody>();

  constructor(
    private readonly characters: () => readonly SceneCharacter[],
    private readonly depthImage: (view: PictureView) => DepthImage,
  ) {}

  /** The body of `rig`, or why it has none. */
  bodyOf(rig: Rig): BodyLandmarks | MissingBody {
    let body = this.landmarks.get(rig);
    if (body === undefined) {
      body = openPoseBody(rig);
      this.landmarks.set(rig, body);
    }
    return body;
  }

  /** The people `view` shows now; `depth` (the depth pass of `view`) is drawn when not given and points are to be hidden. */
  people(view: PictureView, options: KeypointOptions, depth?: DepthImage): ScenePeople {
    const result: ScenePeople = { people: [], characters: [], without: [] };
    const shown = this.characters().filter((character) => !character.hidden);
    const drawn = options.keepHidden ? null : (depth ?? this.depthImage(view));
    for (const character of shown) {
      const body = this.bodyOf(character.session.rig);
      if ('missing' in body) {
        result.without.push({ name: character.name, message: body.message });
        continue;
      }
      let person = personKeypoints(character.session.rig, body, transformMatrix(character.transform), view);
      if (drawn !== null) person = applyVisibility(person, drawn, { keepHidden: false });
      if (!options.hands) person = { ...person, leftHand: null, rightHand: null };
      result.people.push(person);
      result.characters.push(character);
    }
    return result;
  }
}

/** How many of the people's points are seen and how many hidden (confidence 0), hands included. */
export function pointCounts(people: readonly PersonKeypoints[]): { seen: number; hidden: number } {
  let seen = 0;
  let hidden = 0;
  for (const person of people) {
    for (const points of [person.body, person.leftHand ?? [], person.rightHand ?? []]) {
      for (const point of points) {
        if (point.c > 0) seen++;
        else hidden++;
      }
    }
  }
  return { seen, hidden };
}
