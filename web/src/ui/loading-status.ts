// The centred progress line shown while the module and the character load.
export class LoadingStatus {
  private readonly element = document.createElement('div');

  constructor(parent: HTMLElement) {
    this.element.className = 'loading';
    this.element.setAttribute('role', 'status');
    parent.append(this.element);
  }

  set(text: string): void {
    this.element.textContent = text;
  }

  remove(): void {
    this.element.remove();
  }
}
