// Entry of the candy-wrapper page: a twisted cylinder and the character's
// twisted wrist at 0°, 90° and 180°, skinned by linear blend and by dual
// quaternions side by side, with the volume each keeps measured from the
// CPU-skinned mesh. window.candy gives the measured volumes to tests.
import characterUrl from '../../../assets/character.glb?url';
import * as THREE from 'three';
import { errorMessage } from '../text/error-message.js';
import { showErrorOverlay } from '../ui/error-overlay.js';
import { FrameScheduler } from '../three/frame-scheduler.js';
import { loadSkinnedMesh } from '../import/load-character.js';
import { LoadingStatus } from '../ui/loading-status.js';
import { Rig, type SkinningMethod } from '../rig/rig.js';
import { Viewport } from '../three/scene.js';
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import { TWISTED_BONE, characterWrist } from './character-wrist.js';
import { Specimen } from './specimen.js';
import { type GridLayout, boundsOf, gridMesh } from './specimen-grid.js';
import { twistCylinder } from '../lessons/twist-cylinder.js';
import { type VolumeCell, type VolumeFormat, volumeTable } from './volume-table.js';

export interface CandyApi {
  /** Resolves once every cell is measured and drawn. */
  readonly ready: Promise<void>;
  /** The measured volumes (model units cubed), one per specimen × method × twist. */
  cells(): VolumeCell[];
}

declare global {
  interface Window {
    candy: CandyApi;
  }
}

const TWISTS_DEGREES = [0, 90, 180];
const METHODS: readonly SkinningMethod[] = ['lbs', 'dqs'];
const COLORS: Record<SkinningMethod, string> = { lbs: '#d9823b', dqs: '#3b8fd9' };
// Every specimen is drawn this long, whatever its size.
const SHOWN_SIZE = 2;
const LAYOUT: GridLayout = { columnSpacing: 2.8, rowSpacing: 1.05, origin_ws: new THREE.Vector3(-2.8, 3.9, 0) };

function addLights(scene: THREE.Scene): void {
  scene.add(new THREE.HemisphereLight(0xc8d4e8, 0x2a2420, 1.6));
  const key = new THREE.DirectionalLight(0xfff0dc, 2.2);
  key.position.set(-3, 6, 5);
  scene.add(key);
}

async function buildSpecimens(): Promise<{ specimens: Specimen[]; formats: VolumeFormat[] }> {
  const [module, mesh] = await Promise.all([loadKinModuleBrowser(), loadSkinnedMesh(characterUrl, () => {})]);
  const cylinder = twistCylinder(61, 48);
  const cylinderRig = Rig.create(module, cylinder.bones);
  cylinderRig.skinning.setSkin(cylinder.positions, [], cylinder.joints, cylinder.weights);
  const wrist = characterWrist(mesh);
  const wristRig = Rig.create(module, wrist.bones);
  wristRig.skinning.setSkin(wrist.positions, wrist.normals, wrist.joints, wrist.weights);
  const specimens = [
    new Specimen({ label: 'cylinder', rig: cylinderRig, triangles: cylinder.triangles, drawTriangles: cylinder.triangles, bone: 1, slot: 0 }),
    new Specimen({ label: 'wrist', rig: wristRig, triangles: wrist.triangles, drawTriangles: wrist.armTriangles, bone: wristRig.boneIndex(TWISTED_BONE), slot: wrist.twistSlot }),
  ];
  return { specimens, formats: ['percent', 'millilitres'] };
}

async function main(root: HTMLElement, panel: HTMLElement, setCells: (cells: VolumeCell[]) => void): Promise<void> {
  const loading = new LoadingStatus(root);
  loading.set('Loading WebAssembly and the character…');
  const { specimens, formats } = await buildSpecimens();
  const viewport = new Viewport(root);
  addLights(viewport.scene);
  const rows: { cells: VolumeCell[]; format: VolumeFormat; color: string }[] = [];
  let row = 0;
  for (const [s, specimen] of specimens.entries()) {
    const { centre_ms, size } = boundsOf(specimen.desc.rig.skinning.skinnedPositions(), specimen.desc.drawTriangles);
    const scale = SHOWN_SIZE / size;
    for (const method of METHODS) {
      const cells: VolumeCell[] = [];
      for (const [column, degrees] of TWISTS_DEGREES.entries()) {
        const skinned = specimen.skinned(method, (degrees * Math.PI) / 180);
        cells.push({ specimen: specimen.desc.label, method, twistDegrees: degrees, volume: skinned.volume, restVolume: specimen.restVolume });
        const cell = { positions: skinned.positions, triangles: specimen.desc.drawTriangles, color: COLORS[method], column, row };
        viewport.scene.add(gridMesh(cell, LAYOUT, centre_ms, scale));
      }
      rows.push({ cells, format: formats[s], color: COLORS[method] });
      row++;
    }
    specimen.dispose();
  }
  volumeTable(panel, TWISTS_DEGREES, rows);
  setCells(rows.flatMap((r) => r.cells));

  // Aimed left of the grid's centre: the grid sits right of the panel.
  const aim_ws = new THREE.Vector3(-1.6, LAYOUT.origin_ws.y - ((row - 1) * LAYOUT.rowSpacing) / 2, 0);
  viewport.camera.position.set(aim_ws.x + 1.2, aim_ws.y + 1.5, 11.5);
  viewport.orbit.target.copy(aim_ws);
  viewport.orbit.update();
  loading.remove();
  // Frames on demand: when the camera moves (and while it eases out) or the view resizes.
  await new Promise<void>((resolve) => {
    const scheduler = new FrameScheduler(
      () => {
        const moving = viewport.render();
        resolve();
        return moving;
      },
      (error) => showErrorOverlay(root, 'Drawing failed', error),
    );
    viewport.onInvalidate = scheduler.request;
    scheduler.request();
  });
}

const root = document.getElementById('app');
const panel = document.getElementById('panel');
if (!root || !panel) throw new Error('candy-wrapper.html needs #app and #panel');
let measured: VolumeCell[] = [];
const ready = main(root, panel, (cells) => {
  measured = cells;
});
window.candy = { ready, cells: () => measured.map((cell) => ({ ...cell })) };
ready.catch((error: unknown) => {
  console.error(errorMessage(error));
  showErrorOverlay(root, 'Could not build the comparison', error);
});
