/**
 * The store tabs' badge of pending sales, apart from the sales rules: every store page shows it, and a module a page
 * imports brings its messages to the page's catalog (decision 0067, 'Per feature'), which the sales rules' would.
 */

/** Pending sales are counted up to this many for the phone tab bar's badge. */
export const PENDING_BADGE_CAP = 100;

/** The badge's text: the count, "99+" from the cap on, nothing when no sale waits. */
export function pendingBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count >= PENDING_BADGE_CAP ? `${PENDING_BADGE_CAP - 1}+` : String(count);
}
