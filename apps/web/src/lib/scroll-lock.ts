// Spec §4: modals lock page scroll by fixing the body and restore the position on close. Several
// modals may be open at once, so the lock is counted and only the last unlock restores.
let lockCount = 0;
let savedScrollY = 0;
let savedStyle = '';

export function lockBodyScroll(): () => void {
  if (lockCount === 0) {
    savedScrollY = window.scrollY;
    savedStyle = document.body.getAttribute('style') ?? '';
    const scrollbarWidth = window.innerWidth - document.documentElement.clientWidth;
    Object.assign(document.body.style, {
      position: 'fixed',
      top: `-${savedScrollY}px`,
      left: '0',
      right: '0',
      width: '100%',
      paddingRight: scrollbarWidth > 0 ? `${scrollbarWidth}px` : '',
    });
  }
  lockCount += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    lockCount -= 1;
    if (lockCount > 0) return;
    if (savedStyle) document.body.setAttribute('style', savedStyle);
    else document.body.removeAttribute('style');
    window.scrollTo({ top: savedScrollY, behavior: 'instant' });
  };
}
