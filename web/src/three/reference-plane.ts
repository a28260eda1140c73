// The reference image on a plane standing in the scene (its 'plane' mode):
// a double-sided rectangle under `world`, its height the settings' size and
// its width from the picture's aspect, turned about +Y, drawn with the
// picture's colours unlit at the settings' opacity.
import * as THREE from 'three';

/** Where the plane stands (world space, metres; turn in degrees about +Y; size its height) and how it shows. */
export interface PlaneSettings {
  shown: boolean;
  opacity: number;
  position: readonly number[];
  turn: number;
  size: number;
}

export class ReferencePlane {
  readonly mesh: THREE.Mesh<THREE.PlaneGeometry, THREE.MeshBasicMaterial>;
  private texture: THREE.Texture | null = null;
  private aspect = 1;

  constructor(parent: THREE.Object3D) {
    this.mesh = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshBasicMaterial({ side: THREE.DoubleSide, transparent: true, toneMapped: false }));
    this.mesh.name = 'reference-plane';
    this.mesh.visible = false;
    parent.add(this.mesh);
  }

  /** Shows `picture` (null: none) with `settings`. */
  show(picture: ImageBitmap | null, settings: PlaneSettings): void {
    if (picture !== null && this.texture?.image !== picture) {
      this.texture?.dispose();
      this.texture = new THREE.Texture(picture);
      this.texture.colorSpace = THREE.SRGBColorSpace;
      this.texture.needsUpdate = true;
      this.aspect = picture.width / picture.height;
      this.mesh.material.map = this.texture;
      this.mesh.material.needsUpdate = true;
    }
    this.mesh.visible = picture !== null && settings.shown;
    this.mesh.material.opacity = settings.opacity;
    this.mesh.position.fromArray(settings.position);
    this.mesh.rotation.set(0, THREE.MathUtils.degToRad(settings.turn), 0);
    this.mesh.scale.set(settings.size * this.aspect, settings.size, 1);
    if (picture === null) {
      this.mesh.material.map = null;
      this.texture?.dispose();
      this.texture = null;
    }
  }

  dispose(): void {
    this.texture?.dispose();
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
    this.mesh.removeFromParent();
  }
}
