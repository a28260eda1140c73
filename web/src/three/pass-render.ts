// The image passes the render camera takes (issue 26): per pixel the
// view-axis depth, the camera-space normal, or a mask, drawn by the GPU with
// pass materials (shaders/pass.frag.glsl) swapped onto the scene's
// characters and props for one render and put back after; everything else
// (the posing overlays, the floor, contact shadows, a reference plane) is
// hidden for it. The characters keep their skinning: their pass material
// runs our skinning vertex shader on the part's own bone texture, as its
// debug material does (skinned-character.ts); `scene.overrideMaterial` would
// draw them unskinned. The shaded picture and the edges come from
// PictureRenderer with the same content shown. Turning the readings into
// PNG pixels is outputs/pass-images.ts's.
//
// Targets: RGBA32F where the GPU can draw into floats (WebGL2's
// EXT_color_buffer_float), without multisampling (a depth or a mask averaged
// across a silhouette would be neither's); else RGBA8 with the values packed
// (the shader's PACKED). Allocated per call, tile-sized, disposed after.
import * as THREE from 'three';
import normalTransform from '../../../shaders/normal-transform.glsl?raw';
import passShader from '../../../shaders/pass.frag.glsl?raw';
import propVertexShader from '../../../shaders/pass-prop.vert.glsl?raw';
import type { SkinningMethod } from '../rig/rig.js';
import { type DepthImage, type PassFloats, type PassPixels, depthPicture, edgesPicture, maskPicture, normalPicture } from '../outputs/pass-images.js';
import { TILE, checkPictureSize, renderTiles, viewOverlays, withHidden } from './offscreen-render.js';
import { PictureRenderer } from './picture-render.js';
import type { PictureView } from './render-camera-three.js';
import type { Viewport } from './scene.js';
import { skinningVertexShader } from './skinning-shaders.js';
import type { SkinnedCharacter } from './skinned-character.js';

/** pass.frag.glsl's passMode. */
const MODE = { depth: 0, normal: 1, mask: 2 } as const;
type Mode = keyof typeof MODE;

/** What a mask shows white: every character, the props, or the character of that id (kin.characters()'s). */
export type PassMask = 'characters' | 'props' | { character: number };

/** A character as the passes draw it: its id and its skinned parts (CharacterMeshes.parts). */
export interface PassCharacter {
  id: number;
  parts: readonly SkinnedCharacter[];
}

/** The scene's content the passes draw, asked for at each render. */
export interface PassContent {
  characters(): readonly PassCharacter[];
  /** The props' objects (their meshes are found under them). */
  props(): readonly THREE.Object3D[];
}

interface ContentMesh {
  character: PassCharacter | null;
  part: SkinnedCharacter | null;
}

export class PassRenderer {
  private readonly camera = new THREE.PerspectiveCamera();
  private readonly pictures: PictureRenderer;
  /** Shared by every pass material: which pass, and (packed) the depth that maps to 1. */
  private readonly passMode = { value: 0 };
  private readonly depthScale = { value: 1 };
  private readonly characterMaterials = new WeakMap<SkinnedCharacter, Partial<Record<SkinningMethod, THREE.RawShaderMaterial>>>();
  private readonly propMaterials = new WeakMap<THREE.Mesh, THREE.RawShaderMaterial>();
  /** Whether the GPU draws into float targets; else the values are packed into bytes. */
  readonly floatTargets: boolean;

  constructor(private readonly viewport: Viewport, private readonly content: PassContent, options: { floatTargets?: boolean } = {}) {
    this.pictures = new PictureRenderer(viewport);
    this.floatTargets = options.floatTargets ?? viewport.renderer.extensions.has('EXT_color_buffer_float');
  }

  /**
   * Per pixel the view-axis depth (metres, linear), +Infinity where nothing
   * is drawn, and whether a character's surface is the nearest there. What
   * the keypoints' visibility test reads.
   */
  depthImage(view: PictureView): DepthImage {
    const floats = this.draw(view, 'depth', () => 1);
    const { width, height } = view;
    const data = new Float32Array(width * height);
    const character = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) {
      const drawn = floats.data[4 * i + 3] !== 0;
      data[i] = drawn ? floats.data[4 * i] : Infinity;
      character[i] = drawn && floats.data[4 * i + 1] > 0.5 ? 1 : 0;
    }
    return { width, height, data, character };
  }

  /** The depth pass (outputs/pass-images.ts depthPicture: near bright, normalised over the characters' range). */
  depth(view: PictureView): PassPixels {
    return depthPicture(this.depthImage(view));
  }

  /** The normal pass (camera space, ControlNet 1.1's normalbae colours). */
  normal(view: PictureView): PassPixels {
    return normalPicture(this.draw(view, 'normal', () => 1));
  }

  /** White where `mask` is the nearest surface drawn, black elsewhere. Throws for a character id not in the scene. */
  mask(view: PictureView, mask: PassMask): PassPixels {
    if (typeof mask === 'object' && !this.content.characters().some((c) => c.id === mask.character)) {
      const ids = this.content.characters().map((c) => c.id);
      throw new Error(`passes: no character ${JSON.stringify(mask.character)} to mask; the characters are ${ids.join(', ')}`);
    }
    const shows = (character: PassCharacter | null): number => {
      if (mask === 'props') return character === null ? 1 : 0;
      if (mask === 'characters') return character === null ? 0 : 1;
      return character !== null && character.id === mask.character ? 1 : 0;
    };
    return maskPicture(this.draw(view, 'mask', shows));
  }

  /** The characters and props in their own look, nothing else, on a transparent background (straight alpha). */
  shaded(view: PictureView): PassPixels {
    return withHidden(this.notContent(new Set(this.contentMeshes().keys())), () => this.pictures.render(view, false));
  }

  /** Canny edges (white on black) of the shaded picture over black. */
  edges(view: PictureView): PassPixels {
    return edgesPicture(this.shaded(view));
  }

  /** Each mesh drawn in a pass, with its character and part (null for a prop's). */
  private contentMeshes(): Map<THREE.Mesh, ContentMesh> {
    const meshes = new Map<THREE.Mesh, ContentMesh>();
    for (const character of this.content.characters()) for (const part of character.parts) meshes.set(part.mesh, { character, part });
    for (const prop of this.content.props()) {
      prop.traverse((object) => {
        if ((object as THREE.Mesh).isMesh && !meshes.has(object as THREE.Mesh)) meshes.set(object as THREE.Mesh, { character: null, part: null });
      });
    }
    return meshes;
  }

  /** The overlays, and everything drawable under the world that is not one of `drawn`. */
  private notContent(drawn: ReadonlySet<THREE.Object3D>): THREE.Object3D[] {
    const hide = viewOverlays(this.viewport);
    this.viewport.world.traverse((object) => {
      const drawable = object as Partial<THREE.Mesh & THREE.Line & THREE.Points & THREE.Sprite>;
      if ((drawable.isMesh || drawable.isLine || drawable.isPoints || drawable.isSprite) && !drawn.has(object)) hide.push(object);
    });
    return hide;
  }

  /** One render of `mode` with each content mesh tagged `tag(its character)`, read back as floats (unpacked). */
  private draw(view: PictureView, mode: Mode, tag: (character: PassCharacter | null) => number): PassFloats {
    const { renderer } = this.viewport;
    const { width, height } = view;
    checkPictureSize(renderer, width, height);
    const meshes = this.contentMeshes();
    const saved = new Map<THREE.Mesh, THREE.Material | THREE.Material[]>();
    const target = new THREE.WebGLRenderTarget(Math.min(TILE, width), Math.min(TILE, height), {
      type: this.floatTargets ? THREE.FloatType : THREE.UnsignedByteType,
      minFilter: THREE.NearestFilter,
      magFilter: THREE.NearestFilter,
      generateMipmaps: false,
    });
    const data = new Float32Array(width * height * 4);
    this.passMode.value = MODE[mode];
    try {
      for (const [mesh, { character, part }] of meshes) {
        const material = part === null ? this.propMaterial(mesh) : this.characterMaterial(part);
        material.uniforms.tag.value = tag(character);
        saved.set(mesh, mesh.material);
        mesh.material = material;
      }
      withHidden(this.notContent(new Set(meshes.keys())), () =>
        renderTiles(this.viewport, this.camera, view, target, (x0, y0, w, h) => {
          if (this.floatTargets) {
            const tile = new Float32Array(w * h * 4);
            renderer.readRenderTargetPixels(target, 0, 0, w, h, tile);
            copyTile(tile, w, h, data, width, x0, y0);
          } else {
            const tile = new Uint8Array(w * h * 4);
            renderer.readRenderTargetPixels(target, 0, 0, w, h, tile);
            copyTile(unpack(tile, mode, this.depthScale.value), w, h, data, width, x0, y0);
          }
        }, (camera) => {
          // The packed depth spans the camera's clipping range, as renderTiles placed it.
          this.depthScale.value = camera.far;
        }),
      );
    } finally {
      for (const [mesh, material] of saved) mesh.material = material;
      target.dispose();
    }
    return { width, height, data };
  }

  private characterMaterial(part: SkinnedCharacter): THREE.RawShaderMaterial {
    const method = part.method;
    const cached = this.characterMaterials.get(part) ?? {};
    this.characterMaterials.set(part, cached);
    let material = cached[method];
    if (material === undefined) {
      const defines: Record<string, string> = part.eightInfluences ? { EIGHT_INFLUENCES: '' } : {};
      material = this.passMaterial(`kin-${method}-pass`, skinningVertexShader(method), defines, { ...part.bones[method] });
      cached[method] = material;
    }
    // The part's own side (its look's): a back face is culled in the pass as in the picture.
    material.side = (part.mesh.material as THREE.Material).side;
    return material;
  }

  private propMaterial(mesh: THREE.Mesh): THREE.RawShaderMaterial {
    let material = this.propMaterials.get(mesh);
    if (material === undefined) {
      material = this.passMaterial('kin-prop-pass', `${normalTransform}\n${propVertexShader}`, {}, {});
      this.propMaterials.set(mesh, material);
    }
    const own = Array.isArray(mesh.material) ? mesh.material[0] : mesh.material;
    material.side = own?.side ?? THREE.FrontSide;
    return material;
  }

  private passMaterial(name: string, vertexShader: string, defines: Record<string, string>, uniforms: Record<string, THREE.IUniform>): THREE.RawShaderMaterial {
    return new THREE.RawShaderMaterial({
      name,
      glslVersion: THREE.GLSL3,
      vertexShader,
      fragmentShader: passShader,
      defines: this.floatTargets ? defines : { ...defines, PACKED: '' },
      uniforms: { ...uniforms, passMode: this.passMode, depthScale: this.depthScale, tag: { value: 0 } },
    });
  }
}

/** A packed RGBA8 tile (pass.frag.glsl's PACKED) as the floats a float target would hold. */
function unpack(tile: Uint8Array, mode: Mode, depthScale: number): Float32Array {
  const out = new Float32Array(tile.length);
  for (let i = 0; i < tile.length; i += 4) {
    const a = tile[i + 3];
    if (a === 0) continue;
    const tag = a >= 192 ? 1 : 0;
    if (mode === 'depth') {
      out[i] = (((tile[i] * 256 + tile[i + 1]) * 256 + tile[i + 2]) / 16777215) * depthScale;
      out[i + 1] = tag;
    } else if (mode === 'normal') {
      for (let k = 0; k < 3; k++) out[i + k] = (tile[i + k] / 255) * 2 - 1;
    } else out[i] = tag;
    out[i + 3] = 1;
  }
  return out;
}

/** A tile read from GL (rows bottom first) into the picture, rows top first. */
function copyTile(tile: Float32Array, w: number, h: number, out: Float32Array, width: number, x0: number, y0: number): void {
  const height = out.length / 4 / width;
  for (let row = 0; row < h && y0 + row < height; row++) {
    out.set(tile.subarray((h - 1 - row) * w * 4, (h - row) * w * 4), ((y0 + row) * width + x0) * 4);
  }
}
