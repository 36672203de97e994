/**
 * Tags that say where a journey runs and what it may share. A journey without a viewport tag runs
 * at both sizes: only what differs by layout (the shell, menus, modals, the lobby, money pages)
 * needs both; a long flow whose layout another journey covers runs at the one size that matters.
 */

/** Runs in the phone project only. */
export const PHONE_ONLY = '@phone-only';

/** Runs in the desktop project only (every back-office journey: the back office is a desktop tool). */
export const DESKTOP_ONLY = '@desktop-only';

/**
 * Runs in the desktop project only where pictures are taken (e2e/pictures.ts: not on CI): a
 * screen's run in one language at the desktop size, whose other language's run there and whose run
 * at the phone size check it alike, and which is there for its picture.
 */
export const DESKTOP_PICTURE = '@desktop-picture';

/**
 * Changes what every page of the one server sees (the demo merchant's status or settings, a game
 * others play): such a journey runs alone, while the others wait (fixtures.ts, merchantLock).
 */
export const MERCHANT_WIDE = '@merchant-wide';
