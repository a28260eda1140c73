// The link from the posing page to the site's other page, the candy-wrapper
// comparison of linear blend and dual-quaternion skinning (full view only).

export function addPageNav(root: HTMLElement): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'page-nav';
  link.href = './candy-wrapper.html';
  link.textContent = 'Candy wrapper: LBS vs DQS';
  root.append(link);
  return link;
}
