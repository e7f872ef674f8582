import { useT } from "~/ui/messages";

/**
 * An order's lines ('name x quantity', subtotal after its promotion, the promotion's name and saving), its amounts
 * (subtotal, discount, delivery) and total: the cart, the checkout summary and the order page.
 */
export function OrderLines({
  lines,
  amounts = [],
  total,
  totalLabel,
  className,
}: {
  lines: { key: string | number; name: string; quantity: number; subtotal: string; promotion?: PromotionNote | null }[];
  amounts?: { label: string; value: string }[];
  total: string;
  totalLabel?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <>
      {lines.length > 0 && (
        <ul className={className}>
          {lines.map((l) => (
            <li key={l.key}>
              <span>
                {l.name} x {l.quantity}
                {l.promotion && (
                  <>
                    <br />
                    <small className="promotion-note">
                      {l.promotion.name}: −{l.promotion.saving}
                    </small>
                  </>
                )}
              </span>
              <span>{l.subtotal}</span>
            </li>
          ))}
        </ul>
      )}
      {amounts.length > 0 && (
        <dl className="amounts">
          {amounts.map((a) => (
            <div key={a.label}>
              <dt>{a.label}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="total">
        {totalLabel ?? t({ id: "orders.amounts.total", defaultMessage: "Total" })}: <strong>{total}</strong>
      </p>
    </>
  );
}

/** A line's promotion as the summaries show it: its name and what it took off the line, formatted. */
export interface PromotionNote {
  name: string;
  saving: string;
}

/** The note of a line that took a promotion (`saving` in minor units); null otherwise. */
export function promotionNote(
  line: { promotionName?: string | null; promotionSaving?: number; promotion?: { name: string } | null; saving?: number },
  money: (minor: number) => string,
): PromotionNote | null {
  const name = line.promotion?.name ?? line.promotionName ?? null;
  const saving = line.saving ?? line.promotionSaving ?? 0;
  return name && saving > 0 ? { name, saving: money(saving) } : null;
}
