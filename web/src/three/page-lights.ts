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
import { type LightSettings, anglesOf, directionOf } from '../scene/light-settings.js';
import { type CharacterLook, PAGE_LOOK_UNIFORMS } from './skinned-character.js';

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

  /** The settings the page's look stands for (the key light where the look puts it, both levels 1). */
  get defaults(): LightSettings {
    const { azimuth, elevation } = anglesOf(this.look.keyDirection_ws.toArray());
    return { keyAzimuth: azimuth, keyElevation: elevation, keyIntensity: 1, ambient: 1 };
  }

  /**
   * Puts `settings` on the lights. The lights here hang in the world; our
   * shader's key direction is a uniform in the space the view draws in (the
   * active character's model space): turned by `worldToScene` (viewport.world's
   * matrix), so that the light stays put in the world whichever character is active.
   */
  apply(settings: LightSettings, worldToScene: THREE.Matrix4): void {
    const direction = directionOf(settings.keyAzimuth, settings.keyElevation);
    this.key.position.fromArray(direction).multiplyScalar(KEY_DISTANCE);
    this.key.intensity = Math.PI * settings.keyIntensity;
    this.hemisphere.intensity = Math.PI * settings.ambient;
    PAGE_LOOK_UNIFORMS.keyDirection_ws.value.fromArray(direction).transformDirection(worldToScene);
    PAGE_LOOK_UNIFORMS.keyColor.value.copy(this.keyColor).multiplyScalar(settings.keyIntensity);
    PAGE_LOOK_UNIFORMS.skyColor.value.copy(this.skyColor).multiplyScalar(settings.ambient);
    PAGE_LOOK_UNIFORMS.groundColor.value.copy(this.groundColor).multiplyScalar(settings.ambient);
  }
}
