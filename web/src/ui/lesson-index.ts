// The lesson index: every lesson with its one-line summary, each a link
// (`?lesson=<id>`, what a teacher puts on a course page; add `&embed=1` for
// an iframe). A dialog over the page, opened from the top bar's "Lessons";
// following a link inside the page shows that lesson without a reload.

export interface LessonIndexEntry {
  id: string;
  title: string;
  summary: string;
}

/** The page's address for a lesson: this page with `?lesson=<id>` and no share link. */
export function lessonUrl(pageUrl: string, id: string): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('lesson', id);
  return url.href;
}

export class LessonIndex {
  readonly element = document.createElement('div');
  private readonly closeButton = document.createElement('button');

  constructor(parent: HTMLElement, lessons: readonly LessonIndexEntry[], open: (id: string) => void) {
    this.element.className = 'lesson-index';
    this.element.hidden = true;
    const card = document.createElement('div');
    card.className = 'lesson-index-card';
    card.setAttribute('role', 'dialog');
    card.setAttribute('aria-label', 'Lessons');
    const heading = document.createElement('h2');
    heading.textContent = 'Lessons';
    const intro = document.createElement('p');
    intro.className = 'lesson-index-intro';
    intro.textContent = 'Each lesson is a link you can share or embed (add &embed=1 for an iframe).';
    const list = document.createElement('ol');
    list.className = 'lesson-index-list';
    for (const lesson of lessons) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = lessonUrl(location.href, lesson.id);
      link.dataset.lesson = lesson.id;
      link.textContent = lesson.title;
      link.addEventListener('click', (event) => {
        // Plain clicks stay in the page; a middle or modified click opens the link as usual.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        this.close();
        open(lesson.id);
      });
      const summary = document.createElement('span');
      summary.className = 'lesson-index-summary';
      summary.textContent = lesson.summary;
      item.append(link, summary);
      list.append(item);
    }
    this.closeButton.type = 'button';
    this.closeButton.className = 'tool-button lesson-index-close';
    this.closeButton.textContent = 'Close';
    this.closeButton.addEventListener('click', () => this.close());
    card.append(heading, intro, list, this.closeButton);
    this.element.append(card);
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.close();
    });
    parent.append(this.element);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    this.element.hidden = false;
    this.element.querySelector<HTMLElement>('a')?.focus();
  }

  /** Closes the index; false if it was not open. */
  close(): boolean {
    if (!this.isOpen) return false;
    this.element.hidden = true;
    return true;
  }
}
