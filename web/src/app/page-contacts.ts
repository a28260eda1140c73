// The contacts on the page: the scene's contacts (posing/scene-contacts.ts)
// drawn as lines in the view, each from the held goal's point to the point
// it is held on, in the active character's model space (the view's). Drawn
// anew when a character's pose or place changes, another is made active or
// the contacts change; allocation-free on a drag's path.
import type { PoseEditor } from '../posing/pose-editor.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import { MAX_CONTACTS } from '../scene/contacts.js';
import { Change } from '../scene/scene-change.js';
import { ContactLines } from '../three/contact-lines.js';
import type { Viewport } from '../three/scene.js';

/** What moves a line's ends. */
const DRAWN = Change.POSE | Change.CHARACTERS | Change.CHARACTER | Change.ACTIVE | Change.BODY | Change.GOALS;

export class PageContacts {
  private readonly lines: ContactLines;
  private readonly goal_ms = new Float64Array(3);
  private readonly point_ms = new Float64Array(3);
  private readonly stops: (() => void)[];

  constructor(private readonly editor: PoseEditor, readonly contacts: SceneContacts, viewport: Viewport, private readonly requestFrame: () => void) {
    this.lines = new ContactLines(viewport.scene, MAX_CONTACTS);
    this.stops = [
      editor.onChange((changes) => {
        if ((changes & DRAWN) !== 0 && (contacts.count > 0 || this.lines.lines.visible)) this.draw();
      }),
      contacts.onChange(() => this.draw()),
    ];
  }

  private draw(): void {
    const { contacts } = this;
    const viewer = this.editor.active;
    for (let k = 0; k < contacts.count; k++) {
      contacts.endpoints_ms(k, viewer, this.goal_ms, this.point_ms);
      this.lines.set(k, this.goal_ms, this.point_ms);
    }
    this.lines.show(contacts.count);
    this.requestFrame();
  }

  dispose(): void {
    for (const stop of this.stops) stop();
    this.lines.dispose();
  }
}
