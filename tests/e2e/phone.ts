import { expect, type Locator, type Page } from "@playwright/test";

// Phone checks shared by the layout specs: no sideways scroll, and touch targets of at least 44 × 44 px
// (WCAG 2.2 SC 2.5.5's size, held as the rule here; only a text link inside a sentence is exempt).

const MIN_TARGET = 44;

export const PHONE_WIDTHS = [320, 360, 412] as const;

/** A phone's browser context: a touch screen, the layout viewport `width` wide. */
export const phone = (width: number) => ({
  viewport: { width, height: 740 },
  hasTouch: true,
  isMobile: true,
});

interface Overflow {
  widest: number;
  viewport: number;
  offenders: string[];
}

/**
 * The page does not scroll sideways: the document is no wider than the viewport, and neither is any open
 * dialog (a modal dialog lives in the top layer, outside the document's scroll width). On failure it names
 * the widest elements that stick out past the right edge and are not clipped by a scrolling box.
 */
export async function expectNoSidewaysScroll(page: Page, label = page.url()) {
  const result = await page.evaluate((): Overflow => {
    // A mobile browser zooms out to show content wider than the layout viewport, which grows innerWidth:
    // the layout viewport (clientWidth) is the width the page was designed for.
    const viewport = Math.min(window.innerWidth, document.documentElement.clientWidth);
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id}${cls} [${Math.round(r.left)}→${Math.round(r.right)}] "${text}"`;
    };
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible") return p.getBoundingClientRect().right <= viewport + 0.5;
      }
      return false;
    };
    const dialogs = [...document.querySelectorAll("dialog[open]")];
    let widest = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    for (const d of dialogs) {
      const r = d.getBoundingClientRect();
      widest = Math.max(widest, Math.ceil(r.right), viewport + d.scrollWidth - d.clientWidth);
    }
    const sticking = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5 && !clipped(el))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
    // The deepest offenders say the most: keep those with no offending child.
    const leaves = sticking.filter((el) => !sticking.some((other) => other !== el && el.contains(other)));
    const overflowingDialogs = dialogs.filter((d) => d.scrollWidth > d.clientWidth).map((d) => `${describe(d)} scrolls inside`);
    return { widest, viewport, offenders: [...overflowingDialogs, ...leaves.slice(0, 6).map(describe)] };
  });
  expect
    .soft(
      result.widest,
      `${label}: ${result.widest} px wide in a ${result.viewport} px viewport; sticking out: ${result.offenders.join("; ")}`,
    )
    .toBeLessThanOrEqual(result.viewport);
  return result;
}

export interface SmallTarget {
  role: string;
  name: string;
  width: number;
  height: number;
}

/**
 * Every visible control inside `scope` (the page, or an open dialog) is at least 44 × 44 px: links,
 * buttons, inputs, selects, text areas and summaries. A checkbox or radio counts with its label (the
 * label is the target). Text links inside a sentence are the one exception. Returns the offenders.
 */
export async function expectTouchTargets(page: Page, scope?: Locator, label = page.url()): Promise<SmallTarget[]> {
  const root = scope ?? page.locator("body");
  const small = await root.evaluate((host, min): SmallTarget[] => {
    const selector =
      "a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[role=link],[role=tab],[tabindex]:not([tabindex='-1'])";
    const blockDisplays = new Set(["block", "flex", "grid", "list-item", "table-cell", "flow-root"]);
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && !blockDisplays.has(getComputedStyle(block).display)) block = block.parentElement;
      const own = (el.textContent ?? "").trim().length;
      const around = (block?.textContent ?? "").trim().length;
      return around - own >= 10;
    };
    const roleOf = (el: HTMLElement) => {
      const explicit = el.getAttribute("role");
      if (explicit) return explicit;
      if (el.tagName === "A") return "link";
      if (el.tagName === "INPUT") return `input[type=${(el as HTMLInputElement).type}]`;
      return el.tagName.toLowerCase();
    };
    const nameOf = (el: HTMLElement) => {
      const aria = el.getAttribute("aria-label");
      if (aria) return aria;
      const text = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "";
      return text.trim().replace(/\s+/g, " ").slice(0, 40) || (el as HTMLInputElement).name || "";
    };
    const found: SmallTarget[] = [];
    for (const el of host.querySelectorAll<HTMLElement>(selector)) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      let rect = el.getBoundingClientRect();
      // Visually hidden controls (1 × 1 px, clipped) are reached through their label or not at all.
      if (rect.width <= 2 || rect.height <= 2) continue;
      const input = el as HTMLInputElement;
      if (el.tagName === "INPUT" && (input.type === "checkbox" || input.type === "radio")) {
        const labelEl = el.closest("label") ?? input.labels?.[0];
        if (labelEl) rect = labelEl.getBoundingClientRect();
      }
      if (inSentence(el)) continue;
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        found.push({ role: roleOf(el), name: nameOf(el), width: Math.round(rect.width), height: Math.round(rect.height) });
      }
    }
    return found;
  }, MIN_TARGET);
  expect
    .soft(
      small,
      `${label}: ${small.length} controls under ${MIN_TARGET} × ${MIN_TARGET} px: ${small
        .map((s) => `${s.role} "${s.name}" ${s.width}×${s.height}`)
        .join("; ")}`,
    )
    .toEqual([]);
  return small;
}

/**
 * Every visible field's placeholder fits inside it: a cut hint ("Nombre o tel") tells the merchant nothing. The text is
 * measured in the placeholder's own font against the field's inner width.
 */
export async function expectPlaceholdersFit(page: Page, scope?: Locator, label = page.url()) {
  const root = scope ?? page.locator("body");
  const cut = await root.evaluate((host) => {
    const canvas = document.createElement("canvas").getContext("2d");
    if (!canvas) return ["no canvas to measure with"];
    const found: string[] = [];
    for (const el of host.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder],textarea[placeholder]")) {
      if (!el.placeholder || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(el, "::placeholder");
      const box = getComputedStyle(el);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = el.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight);
      const text = el.tagName === "TEXTAREA" ? (el.placeholder.split("\n")[0] ?? "") : el.placeholder;
      const needed = canvas.measureText(text).width;
      // A textarea wraps its placeholder; only a word longer than the field is cut there.
      const widest =
        el.tagName === "TEXTAREA" ? Math.max(...text.split(/\s+/).map((word) => canvas.measureText(word).width)) : needed;
      if (widest > inner + 0.5)
        found.push(`${el.id || el.name} "${el.placeholder}" needs ${Math.ceil(widest)} px in ${Math.floor(inner)}`);
    }
    return found;
  });
  expect.soft(cut, `${label}: placeholders cut: ${cut.join("; ")}`).toEqual([]);
  return cut;
}
