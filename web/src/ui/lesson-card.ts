// A lesson's text panel: its title, a few paragraphs, the lesson's own
// controls (a step-through, a comparison; app/lessons/ fills `controls`),
// and a "try this" task with a line that says when it is done. Plain DOM
// with textContent only (lesson texts are built in, never from a link). In
// the editor it heads the inspector; embedded, it is the one panel over the
// view. The done line is a polite live region, so a screen reader hears
// "Done" when the task's check first passes.

export interface LessonCardText {
  title: string;
  text: readonly string[];
  task: string;
}

export class LessonCard {
  readonly element = document.createElement('section');
  /** Where the lesson's own controls go (emptied on every show). */
  readonly controls = document.createElement('div');
  private readonly heading = document.createElement('h2');
  private readonly body = document.createElement('div');
  private readonly task = document.createElement('p');
  private readonly status = document.createElement('p');
  private readonly fold = document.createElement('button');
  private readonly content = document.createElement('div');
  private done: boolean | null = null;

  constructor(parent: HTMLElement, openIndex: (() => void) | null, placement: 'inspector' | 'overlay') {
    this.element.className = `lesson-card lesson-card-${placement}`;
    this.element.hidden = true;
    this.element.setAttribute('aria-labelledby', 'lesson-card-title');
    this.heading.id = 'lesson-card-title';
    this.heading.className = 'lesson-card-title';
    this.body.className = 'lesson-card-text';
    this.controls.className = 'lesson-card-controls';
    const tryThis = document.createElement('div');
    tryThis.className = 'lesson-task';
    const label = document.createElement('h3');
    label.textContent = 'Try this';
    this.task.className = 'lesson-task-text';
    this.status.className = 'lesson-task-status';
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    tryThis.append(label, this.task, this.status);
    // Folding leaves the title (and the task's line) so that the view can have the room.
    this.fold.type = 'button';
    this.fold.className = 'lesson-card-fold';
    this.fold.dataset.action = 'lesson-fold';
    this.fold.setAttribute('aria-label', 'Fold or unfold the lesson’s text and tools');
    this.fold.addEventListener('click', () => this.setFolded(this.element.dataset.folded !== 'true'));
    const header = document.createElement('div');
    header.className = 'lesson-card-header';
    header.append(this.heading, this.fold);
    this.content.className = 'lesson-card-content';
    this.content.append(this.body, this.controls);
    this.element.append(header, this.content, tryThis);
    this.setFolded(false);
    if (openIndex !== null) {
      const all = document.createElement('button');
      all.type = 'button';
      all.className = 'tool-button lesson-index-button';
      all.dataset.action = 'lesson-index';
      all.textContent = 'All lessons';
      all.addEventListener('click', openIndex);
      this.element.append(all);
    }
    parent.prepend(this.element);
  }

  setFolded(folded: boolean): void {
    this.element.dataset.folded = String(folded);
    this.content.hidden = folded;
    this.fold.textContent = folded ? '▸' : '▾';
    this.fold.setAttribute('aria-expanded', String(!folded));
  }

  get shown(): boolean {
    return !this.element.hidden;
  }

  show(lesson: LessonCardText): void {
    this.heading.textContent = lesson.title;
    this.body.replaceChildren(
      ...lesson.text.map((line) => {
        const p = document.createElement('p');
        p.textContent = line;
        return p;
      }),
    );
    this.controls.replaceChildren();
    this.task.textContent = lesson.task;
    this.done = null;
    this.setDone(false);
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
    this.controls.replaceChildren();
  }

  /** Says whether the task is done; touches the DOM only when that changes. */
  setDone(done: boolean): void {
    if (done === this.done) return;
    this.done = done;
    this.element.dataset.done = String(done);
    this.status.textContent = done ? '✓ Done — well done.' : 'Not done yet.';
  }
}
