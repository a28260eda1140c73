// "Load model…" in the HUD: opens the browser's file picker for a .glb or
// .gltf and hands the chosen file to the loader. The input is reset after
// each pick, so picking the same file again loads it again.
export class ModelButton {
  readonly element = document.createElement('div');
  private readonly input = document.createElement('input');

  constructor(parent: HTMLElement, load: (file: File) => void) {
    this.element.className = 'model-picker';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'model-button';
    button.textContent = 'Load model…';
    button.title = 'Pose your own glTF / GLB character (or drop the file on the page)';
    this.input.type = 'file';
    this.input.accept = '.glb,.gltf,model/gltf-binary,model/gltf+json';
    this.input.hidden = true;
    this.input.setAttribute('aria-label', 'glTF or GLB file');
    button.addEventListener('click', () => this.input.click());
    this.input.addEventListener('change', () => {
      const file = this.input.files?.[0];
      this.input.value = '';
      if (file) load(file);
    });
    this.element.append(button, this.input);
    parent.append(this.element);
  }
}
