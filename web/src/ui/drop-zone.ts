// Drag files onto the page to load them: a .glb, a .gltf with its .bin and
// textures, a pose JSON. While files are dragged over the page a hint covers
// the view; the drop hands all of them to the loader, which finds the one to
// import. Drags that carry no files (text, links) are left alone.
export class DropZone {
  private readonly hint = document.createElement('div');
  // dragenter/dragleave fire for every child crossed: count them.
  private depth = 0;

  /** Listens on `target` (the page); the hint goes into `hintParent` (the view). */
  constructor(private readonly target: HTMLElement, hintParent: HTMLElement, private readonly load: (files: readonly File[]) => void) {
    this.hint.className = 'drop-hint';
    this.hint.textContent = 'Drop a .glb, a .gltf with its files, or a pose JSON';
    this.hint.hidden = true;
    hintParent.append(this.hint);
    target.addEventListener('dragenter', this.onDragEnter);
    target.addEventListener('dragover', this.onDragOver);
    target.addEventListener('dragleave', this.onDragLeave);
    target.addEventListener('drop', this.onDrop);
  }

  dispose(): void {
    this.target.removeEventListener('dragenter', this.onDragEnter);
    this.target.removeEventListener('dragover', this.onDragOver);
    this.target.removeEventListener('dragleave', this.onDragLeave);
    this.target.removeEventListener('drop', this.onDrop);
    this.hint.remove();
  }

  private readonly onDragEnter = (event: DragEvent): void => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    this.depth++;
    this.hint.hidden = false;
  };

  private readonly onDragOver = (event: DragEvent): void => {
    if (!carriesFiles(event)) return;
    // Without this the browser would open the file in place of the page.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };

  private readonly onDragLeave = (event: DragEvent): void => {
    if (!carriesFiles(event)) return;
    this.depth = Math.max(0, this.depth - 1);
    if (this.depth === 0) this.hint.hidden = true;
  };

  private readonly onDrop = (event: DragEvent): void => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    this.depth = 0;
    this.hint.hidden = true;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) this.load(files);
  };
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}
