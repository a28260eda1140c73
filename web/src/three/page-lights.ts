// The page's lights, for the materials three.js lights (a loaded model's own
// materials): the sky/ground hemisphere and the key light of the page's look
// (CharacterLook, which our own shading of the built-in characters reads as
// uniforms), in the same colours and from the same direction. three.js's
// lights are physical: its Lambert term divides by π, so an intensity of π
// gives a white surface facing a light that light's colour, as in our shader.
import * as THREE from 'three';
import type { CharacterLook } from './skinned-character.js';

/** How far the key light sits from the origin; a directional light's position only gives its direction. */
const KEY_DISTANCE = 10;

export function pageLights(look: CharacterLook): THREE.Group {
  const lights = new THREE.Group();
  lights.name = 'lights';
  const hemisphere = new THREE.HemisphereLight(look.skyColor, look.groundColor, Math.PI);
  const key = new THREE.DirectionalLight(look.keyColor, Math.PI);
  key.position.copy(look.keyDirection_ws).normalize().multiplyScalar(KEY_DISTANCE);
  lights.add(hemisphere, key);
  return lights;
}
