// The editor's top bar: the name of the tool, the character menu, the File
// menu (load a model or a pose, open or save a scene file, retarget a motion onto the character,
// export the posed character as GLB — with the timeline's clip as its
// animation — the clip as BVH or the pose as JSON, save the view as PNG,
// export the passes image models take and import an OpenPose JSON),
// Copy link, the lesson index, the keyboard help and the
// site's other page, the candy-wrapper comparison of linear blend and
// dual-quaternion skinning.
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { ShareUrl } from '../share/share-link.js';
import { CharacterPicker } from './character-picker.js';
import { CopyLinkButton } from './copy-link-button.js';
import { Menu, menuItem } from './menu.js';
import { modelButton } from './model-button.js';
import { openSceneButton, saveSceneButton } from './scene-file-buttons.js';
import { SaveImageButton } from './save-image-button.js';
import { toolButton } from './tool-controls.js';

/** What the top bar's controls do (the page's). */
export interface TopBarActions {
  showCharacter(character: BuiltInCharacter): void;
  /** Why a character could not be shown (the page says so). */
  characterFailed(message: string): void;
  loadFiles(files: readonly File[]): void;
  saveScene(): void;
  exportGlb(): void;
  exportBvh(): void;
  exportPoseJson(): void;
  /** Opens or closes the retarget panel. */
  retarget(): void;
  snapshot(): Promise<Blob>;
  /** Opens or closes Export for ControlNet… (the passes and the OpenPose keypoints). */
  exportControlNet(): void;
  /** Opens Export for ControlNet… at its OpenPose import, choosing a JSON file. */
  importOpenPose(): void;
  /** The share link of the state now, written into the address bar, or why there is none. */
  shareLink(): ShareUrl;
  toggleHelp(): void;
  /** Opens the lesson index. */
  openLessons(): void;
}

export class TopBar {
  readonly characters: CharacterPicker;
  readonly fileMenu: Menu;
  readonly copyLink: CopyLinkButton;

  constructor(parent: HTMLElement, editor: PoseEditor, actions: TopBarActions) {
    const brand = document.createElement('span');
    brand.className = 'top-brand';
    brand.textContent = 'kin';
    brand.title = 'Pose skeletons with inverse kinematics';
    parent.append(brand);
    this.characters = new CharacterPicker(parent, editor, actions.showCharacter, actions.characterFailed);
    this.fileMenu = new Menu(parent, 'file', 'File');
    const exportGlb = menuItem('export-glb', 'Export GLB: the character skinned, for three.js, Blender and other tools; it opens in the pose on screen (its joints hold the pose, the inverse binds keep the bind pose), with the timeline’s clip as its animation when the clip has keys', 'Export GLB (+ clip)');
    exportGlb.addEventListener('click', actions.exportGlb);
    const exportBvh = menuItem('export-bvh', 'Export BVH: the skeleton and the timeline’s clip, resampled at its fps, for motion-capture tools and Blender', 'Export BVH');
    exportBvh.addEventListener('click', actions.exportBvh);
    const exportPose = menuItem('export-pose-json', 'Export pose JSON: every bone’s angles by name', 'Export pose JSON');
    exportPose.addEventListener('click', actions.exportPoseJson);
    const retarget = menuItem('retarget', 'Retarget…: put the motion of another skeleton (a BVH file, a glTF with animations, a built-in rig’s clip) onto this character', 'Retarget…');
    retarget.addEventListener('click', actions.retarget);
    const controlNet = menuItem('export-controlnet', 'Export for ControlNet…: the OpenPose skeleton and its JSON, depth, normal, edges, masks and the shaded picture through the render camera — one picture, the clip frame by frame, or a turnaround', 'Export for ControlNet…');
    controlNet.addEventListener('click', actions.exportControlNet);
    const importOpenPose = menuItem('import-openpose', 'Import OpenPose JSON…: fit the active character to the keypoints of an OpenPose JSON through the render camera', 'Import OpenPose JSON…');
    importOpenPose.addEventListener('click', actions.importOpenPose);
    this.fileMenu.add(modelButton(actions.loadFiles), openSceneButton(actions.loadFiles), saveSceneButton(actions.saveScene), retarget, exportGlb, exportBvh, exportPose);
    new SaveImageButton(this.fileMenuList(), actions.snapshot);
    this.fileMenu.add(controlNet, importOpenPose);
    this.copyLink = new CopyLinkButton(parent, actions.shareLink);
    const spacer = document.createElement('span');
    spacer.className = 'top-spacer';
    const candy = document.createElement('a');
    candy.className = 'page-nav';
    candy.href = './candy-wrapper.html';
    candy.textContent = 'LBS vs DQS';
    candy.title = 'The candy-wrapper comparison of linear blend and dual-quaternion skinning';
    const lessons = toolButton('lessons', 'The lessons: forward and inverse kinematics, skinning and retargeting, each a link for a course page', 'Lessons');
    lessons.addEventListener('click', actions.openLessons);
    const help = toolButton('help', 'Keyboard shortcuts (?)', '?');
    help.addEventListener('click', actions.toggleHelp);
    parent.append(spacer, lessons, candy, help);
  }

  private fileMenuList(): HTMLElement {
    return this.fileMenu.element.querySelector('.menu-list') as HTMLElement;
  }
}
