// The small "×" button that dismisses a banner or closes a panel.
export function closeButton(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute('aria-label', label);
  button.textContent = '×';
  button.addEventListener('click', onClick);
  return button;
}
