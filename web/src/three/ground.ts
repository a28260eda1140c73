// The floor at y = 0: a faint grid, and a soft contact shadow under each
// character, so that a figure reads as standing rather than floating.
import * as THREE from 'three';

function contactShadowTexture(): THREE.CanvasTexture {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Ground: no 2D canvas context for the contact shadow');
  const gradient = context.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  gradient.addColorStop(0, 'rgba(0, 0, 0, 0.45)');
  gradient.addColorStop(1, 'rgba(0, 0, 0, 0)');
  context.fillStyle = gradient;
  context.fillRect(0, 0, size, size);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/** The grid, `size` metres across, centred on the scene's origin. */
export function createGround(size = 12): THREE.Group {
  const ground = new THREE.Group();
  ground.name = 'ground';
  const grid = new THREE.GridHelper(size, size * 4, 0x6d7480, 0x3b4049);
  const gridMaterial = grid.material as THREE.LineBasicMaterial;
  gridMaterial.transparent = true;
  gridMaterial.opacity = 0.55;
  gridMaterial.depthWrite = false;
  ground.add(grid);
  return ground;
}

/** A human's contact shadow, metres across from its centre. */
export const CONTACT_SHADOW_RADIUS = 0.55;

/** A character's contact shadow, `radius` metres, to put under it (in its model space). */
export function contactShadow(radius = CONTACT_SHADOW_RADIUS): THREE.Mesh {
  const shadow = new THREE.Mesh(
    new THREE.PlaneGeometry(2 * radius, 2 * radius),
    new THREE.MeshBasicMaterial({ map: contactShadowTexture(), transparent: true, depthWrite: false }),
  );
  shadow.name = 'contact shadow';
  shadow.rotation.x = -Math.PI / 2;
  // Just above the grid so the two do not fight for depth.
  shadow.position.y = 0.002;
  return shadow;
}
