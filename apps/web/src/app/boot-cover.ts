/** Hides the static loading cover of index.html once the app has something to show. */
export function hideBootCover(): void {
  const cover = document.getElementById('boot-cover');
  if (!cover || cover.classList.contains('is-hidden')) return;
  cover.classList.add('is-hidden');
  window.setTimeout(() => cover.remove(), 250);
}
