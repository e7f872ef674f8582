/**
 * The public site's only script (≤ 10 KB brotli, checked by npm run bench). Every page works without it; it adds
 * the banner autoplay, in-place 'Cargar más productos', confirm dialogs and small form niceties.
 */
const $$ = <E extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  Array.from(root.querySelectorAll<E>(selector));

// ---- Banner carousel: scroll-snap strip (swipeable without JS); this adds autoplay and dots ----
function carousel(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>(".slides");
  if (!track || track.children.length < 2) return;
  const count = track.children.length;
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  let index = 0;
  let hovering = false;
  let interactedAt = 0;
  const dots = document.createElement("div");
  dots.className = "dots";
  const buttons = Array.from({ length: count }, (_, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("aria-label", `Ir al banner ${i + 1}`);
    b.addEventListener("click", () => {
      interactedAt = Date.now();
      go(i);
    });
    dots.appendChild(b);
    return b;
  });
  root.appendChild(dots);
  const mark = () => {
    for (const [i, b] of buttons.entries()) b.setAttribute("aria-current", String(i === index));
  };
  const go = (i: number) => {
    index = (i + count) % count;
    track.scrollTo({ left: index * track.clientWidth, behavior: reduceMotion ? "auto" : "smooth" });
    mark();
  };
  mark();
  let settle = 0;
  track.addEventListener(
    "scroll",
    () => {
      clearTimeout(settle);
      settle = window.setTimeout(() => {
        index = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
        mark();
      }, 120);
    },
    { passive: true },
  );
  const interact = () => {
    interactedAt = Date.now();
  };
  for (const type of ["pointerdown", "touchstart", "wheel", "keydown", "focusin"]) {
    root.addEventListener(type, interact, { passive: true });
  }
  root.addEventListener("mouseenter", () => {
    hovering = true;
  });
  root.addEventListener("mouseleave", () => {
    hovering = false;
  });
  if (reduceMotion) return;
  setInterval(() => {
    // Pauses on hover, while the shopper interacts (and 6 s after), and in background tabs.
    if (hovering || document.hidden || Date.now() - interactedAt < 6000) return;
    go(index + 1);
  }, 3000);
}

// ---- 'Cargar más productos': fetch the next page and append only its new items ----
async function loadMore(link: HTMLAnchorElement) {
  const list = document.querySelector("[data-list]");
  const pager = link.closest("[data-pager]");
  if (!list || !pager) return;
  link.setAttribute("aria-busy", "true");
  link.textContent = "Cargando…";
  try {
    const response = await fetch(link.href, { headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(String(response.status));
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const nextList = next.querySelector("[data-list]");
    const nextPager = next.querySelector("[data-pager]");
    if (!nextList || !nextPager) throw new Error("page shape");
    const have = list.children.length;
    const fresh = Array.from(nextList.children).slice(have);
    for (const item of fresh) list.appendChild(document.adoptNode(item));
    pager.replaceWith(document.adoptNode(nextPager));
    history.replaceState(null, "", link.href);
    fresh[0]?.querySelector<HTMLElement>("a")?.focus({ preventScroll: true });
  } catch {
    location.href = link.href;
  }
}

// ---- Confirm dialog (removing from the cart): the link opens the no-JS confirmation page otherwise ----
function confirmDialog(link: HTMLAnchorElement) {
  const dialog = document.createElement("dialog");
  dialog.className = "confirm";
  dialog.setAttribute("aria-labelledby", "confirm-title");
  const title = document.createElement("h2");
  title.id = "confirm-title";
  title.textContent = link.dataset.confirm ?? "";
  const text = document.createElement("p");
  text.textContent = link.dataset.description ?? "";
  const form = document.createElement("form");
  form.method = "post";
  form.action = link.dataset.action ?? location.pathname;
  form.className = "confirm-actions";
  for (const [name, value] of new URLSearchParams(link.dataset.fields ?? "")) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "button secondary";
  cancel.textContent = "Cancelar";
  cancel.addEventListener("click", () => dialog.close());
  const ok = document.createElement("button");
  ok.className = "button";
  ok.textContent = "Confirmar";
  form.addEventListener("submit", () => {
    ok.disabled = true;
    ok.textContent = "Procesando…";
  });
  form.appendChild(cancel);
  form.appendChild(ok);
  dialog.appendChild(title);
  dialog.appendChild(text);
  dialog.appendChild(form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.appendChild(dialog);
  dialog.showModal();
  ok.focus();
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-more], a[data-confirm]");
  if (!link) return;
  event.preventDefault();
  if (link.dataset.more !== undefined) void loadMore(link);
  else confirmDialog(link);
});

// ---- Forms: one submit only; the cart's quantity field applies itself ----
document.addEventListener("submit", (event) => {
  const form = event.target as HTMLFormElement;
  if (form.dataset.once === undefined) return;
  if (form.dataset.sent) event.preventDefault();
  else form.dataset.sent = "1";
});
for (const input of $$<HTMLInputElement>("input[data-autosubmit]")) {
  input.addEventListener("change", () => input.form?.requestSubmit());
}

// ---- Checkout: the address is only asked for home delivery; the total follows the choice of zone and way to pay ----
interface CheckoutQuote {
  adjustment: number;
  total: number;
  rows: Array<{ label: string; value: string }>;
  totalText: string;
}
/** Shows `quote`'s rows and total in the summary and beside the button, and sets what the form says it showed. */
function showQuote(form: HTMLFormElement, quote: CheckoutQuote, key: string) {
  const amounts = document.querySelector<HTMLElement>("[data-checkout-amounts]");
  let list = amounts?.querySelector<HTMLElement>("dl.amounts");
  if (amounts && !list) {
    list = document.createElement("dl");
    list.className = "amounts";
    const total = amounts.querySelector<HTMLElement>(".total");
    if (total) amounts.insertBefore(list, total);
  }
  list?.replaceChildren(
    ...quote.rows.map((row) => {
      const item = document.createElement("div");
      const term = document.createElement("dt");
      const value = document.createElement("dd");
      term.textContent = row.label;
      value.textContent = row.value;
      item.appendChild(term);
      item.appendChild(value);
      return item;
    }),
  );
  const label = key ? "Total" : "Total sin envío";
  for (const [total, text] of [
    [amounts?.querySelector<HTMLElement>(".total"), label],
    [form.querySelector<HTMLElement>("[data-pay-total]"), key ? "Total a pagar" : label],
  ] as const) {
    if (!total) continue;
    const strong = document.createElement("strong");
    strong.textContent = quote.totalText;
    total.replaceChildren(`${text}: `, strong);
  }
  const hidden = (name: string, value: string) => {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (input) input.value = value;
  };
  hidden("shownFor", key);
  hidden("shownAdjustment", String(quote.adjustment));
  hidden("shownTotal", String(quote.total));
}
for (const form of $$<HTMLFormElement>("form[data-checkout]")) {
  const address = form.querySelector<HTMLElement>("[data-address]");
  const field = address?.querySelector<HTMLTextAreaElement | HTMLInputElement>("textarea, input");
  const quotes = JSON.parse(form.dataset.quotes ?? "{}") as Record<string, CheckoutQuote>;
  const sync = () => {
    // The way to receive it is chosen on the step before (a hidden field), or here (radios).
    const method = form.querySelector<HTMLInputElement>('input[name="delivery"]:checked, input[type="hidden"][name="delivery"]');
    const delivery = method?.value === "delivery";
    if (address) address.hidden = !delivery;
    if (field) field.required = delivery;
    // The same key as quoteKey (app/domain/order-quote.ts): the way to pay, and the zone when delivering by zone.
    const payment =
      form.querySelector<HTMLInputElement>('input[name="payment"]:checked')?.value ?? Object.keys(quotes)[0]?.split("|")[0] ?? "";
    const zoneSelect = form.querySelector<HTMLElement>('select[name="zone"]') as HTMLSelectElement | null;
    const zone = delivery && zoneSelect ? zoneSelect.value : "";
    const chosen = quotes[`${payment}|${zone}`];
    if (chosen && !(delivery && zoneSelect && !zone)) showQuote(form, chosen, `${payment}|${zone}`);
    else if (quotes[`${payment}|`]) showQuote(form, quotes[`${payment}|`] as CheckoutQuote, "");
  };
  form.addEventListener("change", sync);
  sync();
}

// ---- 'Copiar': a key to copy (the transfer's); without the clipboard the button stays hidden and the key is selectable ----
if (navigator.clipboard) {
  for (const button of $$<HTMLButtonElement>("button[data-copy]")) {
    const source = button.parentElement?.querySelector<HTMLElement>("[data-copy-source]");
    if (!source) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(source.textContent ?? "").then(
        () => {
          button.textContent = "Copiado";
          setTimeout(() => {
            button.textContent = "Copiar";
          }, 2000);
        },
        () => {
          getSelection()?.selectAllChildren(source);
        },
      );
    });
  }
}

for (const root of $$("[data-carousel]")) carousel(root);

// ---- The store's web font (app/ui/look-view.ts): after the first page's load, at once once it is cached ----
/**
 * A first visit waits for the frame after the load and this long after it, so that the page's largest picture has
 * painted before (a busy phone may paint after the load: the font file would compete with the first paint).
 */
const FONT_AFTER_LOAD_MS = 500;
const fontHost = document.querySelector<HTMLElement>("[data-font-src]");
if (fontHost && "FontFace" in window) {
  const { font: family = "", fontSrc: src = "", fontFor: scope = "all" } = fontHost.dataset;
  const seen = `vitrina-font:${src}`;
  const load = () => {
    const face = new FontFace(family, `url(${src}) format("woff2")`, { weight: "100 900", display: "swap" });
    face.load().then(
      (loaded) => {
        document.fonts.add(loaded);
        const root = document.documentElement.style;
        const stack = `"${family}",${getComputedStyle(document.documentElement).getPropertyValue("--font-body")}`;
        root.setProperty("--font-head", stack);
        if (scope === "all") root.setProperty("--font-body", stack);
        try {
          localStorage.setItem(seen, "1");
        } catch {}
      },
      () => undefined,
    );
  };
  let cached = false;
  try {
    cached = localStorage.getItem(seen) === "1";
  } catch {}
  const afterLoad = () => requestAnimationFrame(() => setTimeout(load, FONT_AFTER_LOAD_MS));
  if (cached) load();
  else if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
}

// This browser has the script in its cache now: the store's next pages ask for it at once. The key is
// the one site-script-loader.ts reads, written out: an import would make it a chunk of its own.
try {
  localStorage.setItem("vitrina-site-script", new URL(import.meta.url).pathname);
} catch {}

// Everything above is attached: a click from now on is enhanced (journeys wait for this mark).
document.documentElement.dataset.enhanced = "";
