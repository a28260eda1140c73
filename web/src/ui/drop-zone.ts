// Drag files onto the page to load them: a .glb, a .gltf with its .bin and
// textures, a pose JSON — or one picture alone (PNG, JPEG, WebP), which is a
// reference image to pose against (a picture dropped with a .gltf is its
// texture). While files are dragged over the page a hint covers the view;
// the drop hands the files to the loader, which finds the one to import, or
// the lone picture to `loadImage`. Drags that carry no files (text, links)
// are left alone.
export class DropZone {
  private readonly hint = document.createElement('div');
  // dragenter/dragleave fire for every child crossed: count them.
  private depth = 0;

  /** Listens on `target` (the page); the hint goes into `hintParent` (the view). */
  constructor(
    private readonly target: HTMLElement,
    hintParent: HTMLElement,
    private readonly load: (files: readonly File[]) => void,
    private readonly loadImage: ((file: File) => void) | null = null,
  ) {
    this.hint.className = 'drop-hint';
    this.hint.textContent = loadImage === null ? 'Drop a .glb, a .gltf with its files, or a pose JSON' : 'Drop a .glb, a .gltf with its files, a pose JSON, or a picture to pose against';
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
    if (files.length === 1 && this.loadImage !== null && isPicture(files[0])) this.loadImage(files[0]);
    else if (files.length > 0) this.load(files);
  };
}

const PICTURE = /\.(png|jpe?g|webp)$/i;

/** A PNG, JPEG or WebP file, by its type or its name. */
function isPicture(file: File): boolean {
  return ['image/png', 'image/jpeg', 'image/webp'].includes(file.type) || PICTURE.test(file.name);
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}
