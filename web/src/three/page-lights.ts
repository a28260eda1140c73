// The page's lights, for the materials three.js lights (a loaded model's own
// materials): the sky/ground hemisphere and the key light of the page's look
// (CharacterLook, which our own shading of the built-in characters reads as
// uniforms), in the same colours and from the same direction. three.js's
// lights are physical: its Lambert term divides by π, so an intensity of π
// gives a white surface facing a light that light's colour, as in our shader.
// The user's settings (scene/light-settings.ts: the key light's direction
// and strength, the ambient level) change both: the lights here and the
// page look's shared uniforms.
import * as THREE from 'three';
import { type CharacterLook, PAGE_LOOK_UNIFORMS } from './skinned-character.js';

const direction = new THREE.Vector3();

/** How far the key light sits from the origin; a directional light's position only gives its direction. */
const KEY_DISTANCE = 10;

export class PageLights {
  readonly group = new THREE.Group();
  private readonly hemisphere: THREE.HemisphereLight;
  private readonly key: THREE.DirectionalLight;
  private readonly keyColor: THREE.Color;
  private readonly skyColor: THREE.Color;
  private readonly groundColor: THREE.Color;

  constructor(private readonly look: CharacterLook) {
    this.group.name = 'lights';
    this.keyColor = new THREE.Color(look.keyColor);
    this.skyColor = new THREE.Color(look.skyColor);
    this.groundColor = new THREE.Color(look.groundColor);
    this.hemisphere = new THREE.HemisphereLight(look.skyColor, look.groundColor, Math.PI);
    this.key = new THREE.DirectionalLight(look.keyColor, Math.PI);
    this.key.position.copy(look.keyDirection_ws).normalize().multiplyScalar(KEY_DISTANCE);
    this.group.add(this.hemisphere, this.key);
  }

  /** Towards the key light of the page's look, world space. */
  get lookDirection(): THREE.Vector3 {
    return this.look.keyDirection_ws.clone().normalize();
  }

  /**
   * Points the key light along `toKey_ws` (towards it, world space) at
   * `keyIntensity`, the ambient at `ambient` (factors on the page's look).
   * The lights here hang in the world; our
   * shader's key direction is a uniform in the space the view draws in (the
   * active character's model space): turned by `worldToScene` (viewport.world's
   * matrix), so that the light stays put in the world whichever character is active.
   */
  apply(toKey_ws: readonly number[], keyIntensity: number, ambient: number, worldToScene: THREE.Matrix4): void {
    direction.fromArray(toKey_ws).normalize();
    this.key.position.copy(direction).multiplyScalar(KEY_DISTANCE);
    this.key.intensity = Math.PI * keyIntensity;
    this.hemisphere.intensity = Math.PI * ambient;
    PAGE_LOOK_UNIFORMS.keyDirection_ws.value.copy(direction).transformDirection(worldToScene);
    PAGE_LOOK_UNIFORMS.keyColor.value.copy(this.keyColor).multiplyScalar(keyIntensity);
    PAGE_LOOK_UNIFORMS.skyColor.value.copy(this.skyColor).multiplyScalar(ambient);
    PAGE_LOOK_UNIFORMS.groundColor.value.copy(this.groundColor).multiplyScalar(ambient);
  }
}
