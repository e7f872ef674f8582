import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A menu behind one button that opens as a sheet: a <details>, so it opens and closes without
 * JavaScript too. With JavaScript it also closes after a navigation, on Escape and on a tap outside.
 */
export function MenuSheet(props: { label: ReactNode; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const address = pathname + search;
  // Closed by a navigation, not by the app starting: a sheet opened on the server's page before hydration stays open.
  const shownAt = useRef(address);
  useEffect(() => {
    if (shownAt.current === address) return;
    shownAt.current = address;
    if (ref.current) ref.current.open = false;
  }, [address]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);
  return (
    <details ref={ref} className={`menu-sheet ${props.className ?? ""}`.trim()}>
      <summary>{props.label}</summary>
      <div className="menu-sheet-panel">{props.children}</div>
    </details>
  );
}
