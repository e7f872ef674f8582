/** Hand-written HTML: the one escaping, and the pieces every Vitrina email shares. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const VITRINA_FOOTER = "Vitrina · tiendas en línea para tu negocio";

/** The card every email is laid out in: `title` is escaped here, `body` is HTML already escaped by the caller. */
export function emailLayout(title: string, body: string, footer = VITRINA_FOOTER): string {
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px"><div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}<p style="color:#777;font-size:12px;margin-top:24px">${escapeHtml(footer)}</p></div></body></html>`;
}

/** The email's one call to action, as a button-like link. */
export function emailButton(href: string, text: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(text)}</a></p>`;
}

/** A message's values for an email's HTML: each escaped, the ones named in `bold` set in <strong> (the catalog's own text is ours). */
export function escapedValues(values: Record<string, string>, bold: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, bold.includes(k) ? `<strong>${escapeHtml(v)}</strong>` : escapeHtml(v)]),
  );
}
