// Reduced motion (WCAG 2.3.3): a user whose system asks for less motion gets none of the app's own. The
// theme's baseline turns CSS transitions and animations (MUI's transitions and ripples, spinners, tours'
// beacons, the map's zoom, which Leaflet then ends on its timer) into a 1 ms step; charts draw at once.
// Leaflet's own zoomAnimation stays on: without it, a fitBounds left the place names and the graticule
// drawn for the view before (session 40).
// The browser tests ask for it too (e2e/harness.ts): frames nobody looks at cost CPU on a shared machine.

/** The media query of a system that asks for reduced motion. */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether the user's system asks for reduced motion now (read at each call: the setting can change). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(reducedMotionQuery).matches
    : false;
}
